/**
 * Lets non-React code (the API client) navigate through the data router without importing it,
 * which would create an import cycle router → pages → api → router.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => Promise<void>;

let navigateImpl: Navigate | null = null;

export function registerNavigator(navigate: Navigate): void {
  navigateImpl = navigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }): Promise<void> {
  if (navigateImpl) return navigateImpl(to, options);
  window.location.assign(to);
  return Promise.resolve();
}

/** The current in-app location, for `?redirect=` after signing in again. */
export function currentLocation(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** A `?redirect=` target is only followed when it stays inside the app. */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  return target;
}

export function signInPath(redirect: string = currentLocation()): string {
  const path = redirect.split('?')[0];
  if (path === '/signin' || path === '/' || path === '/404') return '/signin';
  return `/signin?redirect=${encodeURIComponent(redirect)}`;
}
