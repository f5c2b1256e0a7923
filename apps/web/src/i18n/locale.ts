import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALE_STORAGE_KEY, isLocale, type Locale } from '@mathbridge/contracts/locales';
import { loadAntdLocale } from './antd-locale.ts';
import { i18n, loadLocaleResources } from './i18n.ts';

/** The locale the UI currently shows. */
export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

/**
 * Makes the document and dayjs follow the UI locale (<html lang> also drives CJK font selection).
 * The web manifest follows too, so the app is installed under its name in this language (one
 * manifest per locale, written by the build: installable-app.ts). dayjs is only needed by date
 * widgets, so it loads on its own and never delays a page.
 */
export function applyDocumentLocale(locale: Locale = currentLocale()): void {
  document.documentElement.lang = locale;
  const manifest = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (manifest) manifest.href = `/manifest.${locale}.webmanifest`;
  const apply = () => void import('./dayjs-locale.ts').then(({ setDayjsLocale }) => setDayjsLocale(locale));
  if (document.readyState === 'complete') apply();
  // At start-up, wait for the page to finish loading and the browser to be idle.
  else window.addEventListener('load', () => setTimeout(apply, 3000), { once: true });
}

/** Switches the UI language and remembers the choice (spec §9: saved in local storage). */
export async function changeLocale(locale: Locale): Promise<void> {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Not persisted when storage is unavailable; the switch still applies to this page.
  }
  await Promise.all([loadLocaleResources(locale), loadAntdLocale(locale)]);
  await i18n.changeLanguage(locale);
  applyDocumentLocale(locale);
}

/** The current locale as React state: components re-render when the language changes. */
export function useLocale(): Locale {
  const { i18n: instance } = useTranslation();
  return isLocale(instance.language) ? instance.language : DEFAULT_LOCALE;
}
