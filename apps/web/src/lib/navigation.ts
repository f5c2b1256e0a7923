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

/**
 * A `?redirect=` target is only followed when it is a path of this app. Resolving it against our
 * origin also catches what browsers turn into another host ('//evil', '/\\evil', '/\t/evil').
 */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target || !target.startsWith('/')) return fallback;
  try {
    const url = new URL(target, window.location.origin);
    if (url.origin !== window.location.origin) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** The sign-in, sign-up and password-reset screens, which hand a `?redirect=` on to each other. */
export type AuthScreen = '/signin' | '/signup' | '/forget';

/**
 * A link to an auth screen that keeps the current screen's `?redirect=` when it is a same-origin
 * path, so an invitee who goes sign in → sign up → … still comes back to the invitation.
 */
export function authLink(to: AuthScreen, search: string = window.location.search): string {
  const target = safeRedirect(new URLSearchParams(search).get('redirect'), '');
  return target ? `${to}?redirect=${encodeURIComponent(target)}` : to;
}

export function signInPath(redirect: string = currentLocation()): string {
  const [path = '', search = ''] = redirect.split('?');
  // From another auth screen, hand its own ?redirect= on instead of coming back to it.
  if (path === '/signin' || path === '/signup' || path === '/forget') return authLink('/signin', search);
  if (path === '/' || path === '/404') return '/signin';
  return `/signin?redirect=${encodeURIComponent(redirect)}`;
}
