import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { endpointSchemas } from './endpoint-schemas.ts';
import { installableApp } from './installable-app.ts';
import { precompress } from './precompress.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

const NODE_MODULES = /[\\/]node_modules[\\/]/;
const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
const ICONS = /[\\/]node_modules[\\/]@ant-design[\\/]icons(-svg)?[\\/]/;
const WORKSPACE_LIBS = /[\\/]node_modules[\\/](zod|@tanstack)[\\/]/;
const UI = /[\\/]node_modules[\\/](antd|@rc-component|@ant-design)[\\/]/;
/** antd components (antd/es/<dir>) and rc-component packages that enter or list data. */
const UI_DATA =
  /[\\/](antd[\\/]es[\\/]|@rc-component[\\/])(table|pagination|list|tree|form|input|select|checkbox|radio|virtual-list|async-validator|progress|textarea|switch|auto-complete)[\\/]/;
/**
 * antd's texts of the locales loaded on demand (antd-locale.ts): grouped in ui-base they made a
 * zh-HK visitor's public page load all of ui-base. Left out, they follow their dynamic import.
 */
const UI_LOCALE = /[\\/](antd[\\/]es|@rc-component[\\/][^\\/]+)[\\/](.+[\\/])?locale[\\/]/;
/** Heavy components few pages use: left to automatic splitting, so only those pages load them. */
const UI_RARE =
  /[\\/](antd[\\/]es[\\/]|@rc-component[\\/])(date-picker|picker|steps|typography|image|upload|cascader|input-number|mini-decimal|notification|message|color-picker|qrcode|tour|mentions|calendar|transfer|slider|rate|watermark|float-button)[\\/]/;

/**
 * The SPA is served by apps/server from apps/web/dist (precompressed: precompress.ts); in
 * development Vite serves it and forwards /api to the API server.
 *
 * Chunks (issue 15; `npm run bench -- web` measures them): automatic splitting alone made one chunk
 * per icon and per antd component (40 requests for /start, 103 for the dashboard). Groups instead:
 * - the first load: react-vendor (React, React Router; changes least), vendor-initial (antd and
 *   the other packages the shell renders) and app-initial (the entry and the app code it imports);
 * - icons: every icon beyond the shell in one chunk (~23 kB gzipped), not ~100 files of 1 kB;
 * - ui-base (layout, overlays, display) and ui-data (forms, inputs, tables, trees): antd beyond
 *   the shell, which only workspace pages use, split in two so a page without forms or tables
 *   loads ui-base only; heavy components few pages use (UI_RARE) stay split automatically;
 * - workspace-libs: zod and TanStack Query, shared by the workspace pages.
 * Pages, feature catalogs (per feature and locale) and the Markdown renderer (KaTeX) stay lazy
 * chunks of their own: a group that captured them would only add a re-exporting facade per page.
 */
export default defineConfig({
  root,
  plugins: [endpointSchemas(), react(), installableApp(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false, ws: true } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false, ws: true } },
  },
  build: {
    // Every lazy route adds its chunk list to the entry's preload map, and the public first load
    // pays for all of them. For lazy imports keep only stylesheets (they must load with their
    // chunk); their JavaScript dependencies still arrive through the chunk's own imports, one round
    // trip later. index.html keeps its full preload list, so the first load has no waterfall.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css')),
    },
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      treeshake: {
        // rc-component packages declare no sideEffects, so unused parts (e.g. all of rc-form, which
        // antd's popups reach through a context import) would be kept. They are plain components
        // without import-time effects.
        moduleSideEffects: (id) => !/[\\/]node_modules[\\/](@rc-component[\\/]|async-validator)/.test(id),
      },
      output: {
        codeSplitting: {
          groups: [
            // The first load: framework, the other packages and the app code index.html loads.
            { name: 'react-vendor', test: REACT, priority: 50 },
            { name: 'vendor-initial', test: NODE_MODULES, tags: ['$initial'], priority: 45 },
            { name: 'app-initial', test: (id) => !NODE_MODULES.test(id), tags: ['$initial'], priority: 44 },
            // Every icon beyond the shell: one chunk, not one per icon.
            { name: 'icons', test: ICONS, priority: 40 },
            // antd beyond the shell, for the workspace: display and overlays, then data entry and tables.
            {
              name: 'ui-base',
              test: (id) => UI.test(id) && !UI_DATA.test(id) && !UI_RARE.test(id) && !UI_LOCALE.test(id),
              priority: 32,
            },
            {
              name: 'ui-data',
              test: (id) => UI_DATA.test(id) && !UI_RARE.test(id) && !UI_LOCALE.test(id),
              priority: 31,
            },
            { name: 'workspace-libs', test: WORKSPACE_LIBS, priority: 30 },
          ],
        },
      },
    },
  },
});
