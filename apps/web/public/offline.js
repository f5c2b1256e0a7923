/* global document, location, window */
/**
 * The offline page's script (the page: apps/web/installable-app.ts). It shows the text of the locale
 * the app runs in — the choice the app keeps in local storage, under the key the page names — and
 * tries the page again on the button or when the connection comes back. A file, not an inline
 * script: the CSP allows scripts from the site only.
 */
(() => {
  const root = document.documentElement;
  const sections = [...document.querySelectorAll('section[lang]')];
  let chosen = null;
  try {
    chosen = localStorage.getItem(root.dataset.localeKey ?? '');
  } catch {
    // Storage disabled: the default locale's text stays.
  }
  const shown = sections.find((section) => section.lang === chosen);
  if (shown) {
    for (const section of sections) section.hidden = section !== shown;
    root.lang = shown.lang;
    document.title = shown.dataset.title ?? document.title;
  }
  for (const button of document.querySelectorAll('[data-retry]'))
    button.addEventListener('click', () => location.reload());
  window.addEventListener('online', () => location.reload());
})();
