import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, PluginOption, ResolvedConfig } from 'vite';
import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';
// By path, not by package name: Vite bundles the config's relative imports but leaves packages to
// Node, which cannot load the contracts' TypeScript sources.
import { DEFAULT_LOCALE, LOCALES, LOCALE_STORAGE_KEY, type Locale } from '../../packages/contracts/src/locales.ts';
import { BRAND_COLOR, PAGE_BACKGROUND } from './src/app/theme.ts';
import { enUS } from './src/i18n/locales/en-US.ts';
import { zhCN } from './src/i18n/locales/zh-CN.ts';
import { zhHK } from './src/i18n/locales/zh-HK.ts';

/** Where the locale's manifest is served; the app points <link rel="manifest"> at it (i18n/locale.ts). */
const manifestPath = (locale: Locale) => `/manifest.${locale}.webmanifest`;
const OFFLINE_PAGE = 'offline.html';

/**
 * The words of the installed app and of the offline page, in each locale: the product's name,
 * description, retry button and connection hint come from the UI catalogs; the offline page's
 * heading is its own.
 */
const WORDS: Record<Locale, { name: string; description: string; offline: string; hint: string; retry: string }> = {
  'zh-CN': {
    name: zhCN.brand.name,
    description: zhCN.footer.description,
    offline: '您已离线',
    hint: zhCN.common.loadFailedHint,
    retry: zhCN.common.retry,
  },
  'zh-HK': {
    name: zhHK.brand.name,
    description: zhHK.footer.description,
    offline: '您已離線',
    hint: zhHK.common.loadFailedHint,
    retry: zhHK.common.retry,
  },
  'en-US': {
    name: enUS.brand.name,
    description: enUS.footer.description,
    offline: 'You are offline',
    hint: enUS.common.loadFailedHint,
    retry: enUS.common.retry,
  },
};

/**
 * One manifest per locale, the same app in each: `id` keeps the installed app one app whichever
 * manifest the page links when it is installed.
 */
function webManifest(locale: Locale): object {
  const words = WORDS[locale];
  return {
    id: '/',
    name: words.name,
    short_name: words.name,
    description: words.description,
    lang: locale,
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: BRAND_COLOR,
    background_color: PAGE_BACKGROUND,
    // Rendered from favicon.svg by scripts/render-app-icons.mjs.
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/**
 * The page the service worker answers a navigation with when the network is down. Plain HTML and
 * CSS, no app code: it must work with nothing but itself, /offline.js and the favicon cached. Every
 * locale's text is in it; offline.js shows the one of the locale the app runs in (the choice kept
 * in local storage, as i18n.ts reads it), the default locale without script.
 */
function offlinePage(): string {
  const sections = LOCALES.map((locale) => {
    const words = WORDS[locale];
    return `<section lang="${locale}" data-title="${escapeHtml(`${words.name} · ${words.offline}`)}"${locale === DEFAULT_LOCALE ? '' : ' hidden'}>
        <h1>${escapeHtml(words.offline)}</h1>
        <p>${escapeHtml(words.hint)}</p>
        <button type="button" data-retry>${escapeHtml(words.retry)}</button>
      </section>`;
  }).join('\n      ');
  const title = `${WORDS[DEFAULT_LOCALE].name} · ${WORDS[DEFAULT_LOCALE].offline}`;
  return `<!doctype html>
<html lang="${DEFAULT_LOCALE}" data-locale-key="${LOCALE_STORAGE_KEY}">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="theme-color" content="${BRAND_COLOR}" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <title>${escapeHtml(title)}</title>
    <style>
      html { font-family: -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif; }
      html:lang(zh-HK) { font-family: -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang HK', 'PingFang TC', 'Microsoft JhengHei', 'Noto Sans CJK HK', 'Noto Sans CJK TC', sans-serif; }
      body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: ${PAGE_BACKGROUND}; color: #1f2430; }
      main { box-sizing: border-box; width: min(100% - 32px, 420px); padding: 40px 24px; text-align: center; background: #fff; border-radius: 16px; box-shadow: 0 4px 24px rgb(31 36 48 / 8%); }
      img { width: 64px; height: 64px; }
      h1 { margin: 20px 0 8px; font-size: 22px; }
      p { margin: 0 0 28px; color: #5b6478; line-height: 1.6; }
      button { min-width: 120px; min-height: 44px; padding: 0 24px; border: 0; border-radius: 8px; background: ${BRAND_COLOR}; color: #fff; font: inherit; font-size: 16px; cursor: pointer; }
      button:focus-visible { outline: 3px solid #9cc0ff; outline-offset: 2px; }
      [hidden] { display: none; }
    </style>
    <script src="/offline.js" defer></script>
  </head>
  <body>
    <main>
      <img src="/favicon.svg" alt="" />
      ${sections}
    </main>
  </body>
</html>
`;
}

/**
 * Precache the shell only: the scripts and stylesheet index.html loads (entry, framework, the app
 * code of the first render), the offline page and what it shows, the manifests and icons. Lazy
 * chunks (pages, antd beyond the shell, KaTeX and its fonts: ~5 MB) stay with the HTTP cache, where
 * their hashed names keep them for a year anyway. index.html itself is left out: navigations go to
 * the network (the server titles public pages per request, and index.html must name the current
 * deploy's assets), and the offline page answers them when it is down.
 */
function shellOnly(outDir: () => string): NonNullable<NonNullable<VitePWAOptions['workbox']>['manifestTransforms']>[0] {
  return (entries) => {
    const index = fs.readFileSync(path.join(outDir(), 'index.html'), 'utf8');
    return {
      manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || index.includes(`/${entry.url}"`)),
    };
  };
}

/**
 * The installable app (issue 30): a web manifest per locale and the offline page, written into the
 * build; the service worker (vite-plugin-pwa, Workbox generateSW) that precaches the shell and
 * answers navigations the network cannot with the offline page. It never touches /api (no route
 * matches it, so calls, uploads and downloads go to the network as if it were not there). Built
 * only: development runs without a service worker.
 *
 * Updates: a new worker installs beside the old one and takes over on the next visit (no
 * skipWaiting), so a page never runs under a worker of another deploy; the first visit is
 * controlled at once (clientsClaim), since there is no older worker to wait for.
 */
export function installableApp(): PluginOption[] {
  let outDir = '';
  const files: Plugin = {
    name: 'mathbridge:installable-app',
    apply: 'build',
    configResolved(config: ResolvedConfig) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: () => [
      // The default locale's; the app switches it with the UI language (i18n/locale.ts).
      { tag: 'link', attrs: { rel: 'manifest', href: manifestPath(DEFAULT_LOCALE) }, injectTo: 'head' },
    ],
    generateBundle() {
      for (const locale of LOCALES)
        this.emitFile({
          type: 'asset',
          fileName: manifestPath(locale).slice(1),
          source: `${JSON.stringify(webManifest(locale), null, 2)}\n`,
        });
      this.emitFile({ type: 'asset', fileName: OFFLINE_PAGE, source: offlinePage() });
    },
  };
  const serviceWorker = VitePWA({
    strategies: 'generateSW',
    registerType: 'prompt',
    // /registerSW.js, loaded with defer: registers /sw.js once the page has loaded.
    injectRegister: 'script-defer',
    manifest: false,
    workbox: {
      globPatterns: ['assets/*.{js,css}', 'offline.{html,js}', 'favicon.svg', 'manifest.*.webmanifest', 'icons/*.png'],
      manifestTransforms: [shellOnly(() => outDir)],
      navigateFallback: null,
      skipWaiting: false,
      clientsClaim: true,
      cleanupOutdatedCaches: true,
      navigationPreload: true,
      runtimeCaching: [
        {
          // Serialized into sw.js: it may use nothing but its arguments.
          urlPattern: ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
          handler: 'NetworkOnly',
          options: { precacheFallback: { fallbackURL: `/${OFFLINE_PAGE}` } },
        },
      ],
    },
  });
  return [files, serviceWorker];
}
