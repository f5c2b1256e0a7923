import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The SPA is served by apps/server from apps/web/dist; in development Vite serves it and forwards
 * /api to the API server. Only the framework (React, React Router) gets its own long-lived chunk:
 * antd is left to automatic splitting so the public pages only load the components they render
 * (one antd chunk would drag Table, Form, Upload… into the first page load).
 */
export default defineConfig({
  root,
  plugins: [react()],
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
            {
              name: 'react-vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 20,
            },
            {
              // The antd modules the entry itself needs (shell, header, buttons) load on every page
              // anyway; kept in one chunk, every lazy page that shares some of them no longer splits
              // them into many small chunks, whose per-file overhead all public pages paid.
              name: 'ui-initial',
              test: /node_modules[\\/](antd|@rc-component|@ant-design)[\\/]/,
              tags: ['$initial'],
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
