import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './app/app.css';
import { AppProviders } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { initialLocale, loadLocaleResources } from './i18n/i18n.ts';
import { loadAntdLocale } from './i18n/antd-locale.ts';
import { applyDocumentLocale, currentLocale } from './i18n/locale.ts';
import { watchAccessibility } from './lib/a11y-dom.ts';
import { persistAppStateOnUnload } from './lib/app-state.ts';
import { registerNavigator } from './lib/navigation.ts';
import { useSession } from './lib/session-store.ts';

// Strings of a non-default locale arrive before the first render, so nothing flashes in Chinese.
await Promise.all([loadLocaleResources(initialLocale), loadAntdLocale(initialLocale)]);
applyDocumentLocale();
registerNavigator((to, options) => router.navigate(to, options));
// Spec §4: application state goes to session storage when the page unloads.
persistAppStateOnUnload(() => ({
  locale: currentLocale(),
  session: { profile: useSession.getState().profile },
}));

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

// Icons hidden from screen readers, sideways-scrolling regions reachable by keyboard (lib/a11y-dom.ts).
watchAccessibility();

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
