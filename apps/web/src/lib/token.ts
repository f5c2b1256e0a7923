import Cookies from 'js-cookie';
import type { AccessToken } from '@mathbridge/contracts/accounts';
import { TOKEN_COOKIE } from '@mathbridge/contracts/constants';

/** The session token lives in a cookie (spec §4; DESIGN §3: `mb_token`, SameSite=Lax). */
export function readToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE) || undefined;
}

export function writeToken(token: AccessToken): void {
  const expires = new Date(token.expires_at);
  Cookies.set(TOKEN_COOKIE, token.access_token, {
    path: '/',
    sameSite: 'Lax',
    secure: window.location.protocol === 'https:',
    // An unparsable expiry leaves a session cookie rather than none at all.
    expires: Number.isNaN(expires.getTime()) ? undefined : expires,
  });
}

export function clearToken(): void {
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
}
