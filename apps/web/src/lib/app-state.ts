import type { Profile } from '@mathbridge/contracts/accounts';

/**
 * Application state kept in session storage across reloads of the tab (spec §4: "persisted to
 * session storage when the page unloads"). Written on pagehide/beforeunload, read once at start.
 */
const APP_STATE_KEY = 'mb_app_state';

export interface PersistedAppState {
  locale?: string;
  session?: { profile: Profile | null };
}

export function readAppState(): PersistedAppState {
  try {
    const raw = sessionStorage.getItem(APP_STATE_KEY);
    if (!raw) return {};
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null ? (parsed as PersistedAppState) : {};
  } catch {
    // Corrupt or inaccessible storage: start fresh rather than fail to boot.
    return {};
  }
}

/** Saves a snapshot whenever the page goes away (pagehide also covers bfcache and mobile). */
export function persistAppStateOnUnload(snapshot: () => PersistedAppState): () => void {
  const save = () => {
    try {
      sessionStorage.setItem(APP_STATE_KEY, JSON.stringify(snapshot()));
    } catch {
      // Quota or privacy mode: losing the snapshot only costs a profile reload.
    }
  };
  window.addEventListener('pagehide', save);
  window.addEventListener('beforeunload', save);
  return () => {
    window.removeEventListener('pagehide', save);
    window.removeEventListener('beforeunload', save);
  };
}
