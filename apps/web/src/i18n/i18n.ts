import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, LOCALE_STORAGE_KEY, isLocale, type Locale } from '@mathbridge/contracts/locales';
import type { Messages } from '@mathbridge/contracts/messages';
import { zhCN as zhCNShared } from '@mathbridge/contracts/messages/zh-CN';
import { readAppState } from '../lib/app-state.ts';
import { zhCN } from './locales/zh-CN.ts';
import type { UiMessages, UiPageMessages } from './ui-messages.ts';

/**
 * Each locale has one i18next namespace, filled from three kinds of catalog:
 * - `contracts` — @mathbridge/contracts/messages: the product's words the server shows too (states,
 *   roles, decline reasons, validation and error messages);
 * - `core` — locales/{locale}.ts: the shell of every page (navigation, footer, sign-in screens). The
 *   zh-CN one ships with the app, so the first load of the public pages needs no extra request;
 * - string bundles (defineStringBundle): one catalog per locale per feature, loaded with the code
 *   that shows it (withStrings).
 * Each catalog owns its top-level keys: a key two catalogs define is an error (claim), never a silent
 * overwrite.
 */
const owners = new Map<string, string>();

function claim(catalog: string, strings: object): void {
  // The catalogs test (src/i18n/catalogs.test.ts) checks every catalog of the build; at run time the
  // check only guards development, so production pays nothing for it.
  if (!import.meta.env.DEV) return;
  for (const key of Object.keys(strings)) {
    const owner = owners.get(key);
    if (owner !== undefined && owner !== catalog)
      throw new Error(`i18n: the key "${key}" is defined by both "${owner}" and "${catalog}"`);
    owners.set(key, catalog);
  }
}

/** The core of a locale: the shell's strings beside the contracts' catalog. */
function core(ui: UiMessages, shared: Messages): UiMessages & Messages {
  claim('core', ui);
  claim('contracts', shared);
  return { ...ui, ...shared };
}

const CORE: Record<Locale, () => Promise<UiMessages & Messages>> = {
  'zh-CN': () => Promise.resolve(core(zhCN, zhCNShared)),
  'zh-HK': async () => {
    const [ui, shared] = await Promise.all([
      import('./locales/zh-HK.ts'),
      import('@mathbridge/contracts/messages/zh-HK'),
    ]);
    return core(ui.zhHK, shared.zhHK);
  },
  'en-US': async () => {
    const [ui, shared] = await Promise.all([
      import('./locales/en-US.ts'),
      import('@mathbridge/contracts/messages/en-US'),
    ]);
    return core(ui.enUS, shared.enUS);
  },
};

const loadedCore = new Set<Locale>([DEFAULT_LOCALE]);

function merge(locale: Locale, catalog: string, strings: object): void {
  claim(catalog, strings);
  i18n.addResourceBundle(locale, 'translation', strings, true, true);
}

function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

/** Makes a locale's strings available: its core and every string bundle loaded so far. */
export async function loadLocaleResources(locale: Locale): Promise<void> {
  await Promise.all([
    loadedCore.has(locale)
      ? null
      : CORE[locale]().then((strings) => {
          i18n.addResourceBundle(locale, 'translation', strings, true, true);
          loadedCore.add(locale);
        }),
    ...[...bundles.keys()].map((bundle) => loadStringBundle(bundle, locale)),
  ]);
}

/** One catalog per locale, loaded on demand; see defineStringBundle. */
export interface StringBundle<T extends object = object> {
  readonly name: string;
  readonly load: Record<Locale, () => Promise<T>>;
}

const bundles = new Map<StringBundle, Set<Locale>>();

/**
 * Declares the strings a feature ships on its own (features/<name>/i18n/{locale}.ts), in the
 * feature's i18n/strings.ts. Declaring loads nothing: see withStrings.
 *
 *   export const filesStrings = defineStringBundle<FilesMessages>('files', {
 *     'zh-CN': () => import('./zh-CN.ts').then((m) => m.filesZhCN), …
 *   });
 */
export function defineStringBundle<T extends object>(
  name: string,
  load: Record<Locale, () => Promise<T>>,
): StringBundle<T> {
  return { name, load };
}

async function loadStringBundle(bundle: StringBundle, locale: Locale = currentLocale()): Promise<void> {
  const done = bundles.get(bundle) ?? new Set<Locale>();
  bundles.set(bundle, done);
  if (done.has(locale)) return;
  merge(locale, bundle.name, await bundle.load[locale]());
  done.add(locale);
}

/**
 * The one way a feature's strings are loaded (issue 26 §7): the lazy import of the code that shows
 * them is wrapped with its bundles — each route's page in app/router.tsx, and each component the
 * shell loads on its own (the header's notification bell, the WeChat dialog of the user menu).
 * Code and strings download in parallel and the import resolves once both are in, so no component
 * renders before its strings; pages that never show a feature never download them. A loaded bundle
 * follows every language switch (loadLocaleResources). app/feature-strings.test.ts follows every
 * such import through the sources and fails when one reaches a feature whose bundle it does not load.
 *
 *   load: withStrings(() => import('../features/files/routes/personal-files-page.tsx'), filesStrings),
 *   const Bell = lazy(withStrings(() => import('../../features/notifications/…/notification-bell.tsx'), notificationsStrings));
 */
export function withStrings<M>(load: () => Promise<M>, ...strings: StringBundle[]): () => Promise<M> {
  return async () => {
    const [module] = await Promise.all([load(), ...strings.map((bundle) => loadStringBundle(bundle))]);
    return module;
  };
}

/**
 * The shell's section strings (locales/{locale}.pages.ts: coming-soon pages, the account area's and
 * the workspace's menus and titles); the router loads them with the pages that need them.
 */
const shellPages = defineStringBundle<UiPageMessages>('shell-pages', {
  'zh-CN': () => import('./locales/zh-CN.pages.ts').then((m) => m.zhCNPages),
  'zh-HK': () => import('./locales/zh-HK.pages.ts').then((m) => m.zhHKPages),
  'en-US': () => import('./locales/en-US.pages.ts').then((m) => m.enUSPages),
});

/** The shell's section strings in a locale (default: the current one); route loaders await it. */
export function loadPageStrings(locale: Locale = currentLocale()): Promise<void> {
  return loadStringBundle(shellPages, locale);
}

function readStoredLocale(): Locale {
  try {
    const chosen = localStorage.getItem(LOCALE_STORAGE_KEY);
    if (isLocale(chosen)) return chosen;
  } catch {
    // Storage can be disabled (private mode, policies); fall through to the defaults.
  }
  const persisted = readAppState().locale;
  return isLocale(persisted) ? persisted : DEFAULT_LOCALE;
}

/** The locale to start in; main.tsx loads its strings before the first render. */
export const initialLocale = readStoredLocale();

void i18n.use(initReactI18next).init({
  resources: { [DEFAULT_LOCALE]: { translation: core(zhCN, zhCNShared) } },
  lng: initialLocale,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  load: 'currentOnly',
  initAsync: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

export { i18n };
