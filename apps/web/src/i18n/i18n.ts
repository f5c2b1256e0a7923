import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, LOCALE_STORAGE_KEY, isLocale, type Locale } from '@mathbridge/contracts/locales';
import type { Messages } from '@mathbridge/contracts/messages';
import { zhCN as zhCNShared } from '@mathbridge/contracts/messages/zh-CN';
import { readAppState } from '../lib/app-state.ts';
import { zhCN } from './locales/zh-CN.ts';
import type { UiMessages, UiPageMessages } from './ui-messages.ts';

/**
 * Each locale's namespace = UI strings + the shared validation/errors catalogs of contracts.
 * Loaded in two parts so the first load of the public pages stays small: the core (shell,
 * navigation, sign-in screens) ships with the app for the default locale, and the strings of the
 * separately loaded pages arrive with those pages (loadPageStrings, called by their routes).
 */
const CORE: Record<Locale, () => Promise<UiMessages & Messages>> = {
  'zh-CN': () => Promise.resolve({ ...zhCN, ...zhCNShared }),
  'zh-HK': async () => {
    const [ui, shared] = await Promise.all([
      import('./locales/zh-HK.ts'),
      import('@mathbridge/contracts/messages/zh-HK'),
    ]);
    return { ...ui.zhHK, ...shared.zhHK };
  },
  'en-US': async () => {
    const [ui, shared] = await Promise.all([
      import('./locales/en-US.ts'),
      import('@mathbridge/contracts/messages/en-US'),
    ]);
    return { ...ui.enUS, ...shared.enUS };
  },
};

const PAGES: Record<Locale, () => Promise<UiPageMessages>> = {
  'zh-CN': () => import('./locales/zh-CN.pages.ts').then((m) => m.zhCNPages),
  'zh-HK': () => import('./locales/zh-HK.pages.ts').then((m) => m.zhHKPages),
  'en-US': () => import('./locales/en-US.pages.ts').then((m) => m.enUSPages),
};

const loaded = { core: new Set<Locale>([DEFAULT_LOCALE]), pages: new Set<Locale>() };
let pagesWanted = false;

function merge(locale: Locale, strings: object): void {
  i18n.addResourceBundle(locale, 'translation', strings, true, true);
}

/** Makes a locale's strings available (its page strings too once any page has asked for them). */
export async function loadLocaleResources(locale: Locale): Promise<void> {
  await Promise.all([
    loaded.core.has(locale)
      ? null
      : CORE[locale]().then((strings) => (merge(locale, strings), loaded.core.add(locale))),
    pagesWanted ? loadPageStrings(locale) : null,
    ...[...bundles.keys()].map((bundle) => loadStringBundle(bundle, locale)),
  ]);
}

/**
 * Strings a feature ships on its own (features/<name>/i18n): its routes load them, so pages that
 * never show the feature never download them; once loaded they follow every language switch.
 */
export type StringBundle = Record<Locale, () => Promise<object>>;
const bundles = new Map<StringBundle, Set<Locale>>();

export async function loadStringBundle(
  bundle: StringBundle,
  locale: Locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE,
): Promise<void> {
  const done = bundles.get(bundle) ?? new Set<Locale>();
  bundles.set(bundle, done);
  if (done.has(locale)) return;
  merge(locale, await bundle[locale]());
  done.add(locale);
}

/** The page strings of a locale (default: the current one); route loaders await it. */
export async function loadPageStrings(
  locale: Locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE,
): Promise<void> {
  pagesWanted = true;
  if (loaded.pages.has(locale)) return;
  merge(locale, await PAGES[locale]());
  loaded.pages.add(locale);
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
  resources: { [DEFAULT_LOCALE]: { translation: { ...zhCN, ...zhCNShared } } },
  lng: initialLocale,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  load: 'currentOnly',
  initAsync: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

export { i18n };
