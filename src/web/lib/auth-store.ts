import { useSyncExternalStore } from 'react';
import { readRole, readSessionToken, subscribeAuth, type AccountRole } from './auth-storage';

export { clearSession, readToken, storeResetToken, storeRole, storeToken, type AccountRole } from './auth-storage';

/**
 * Signed in: a session token is stored (a reset link's token is not one). Signed out while prerendering and
 * hydrating, then the real state: no hydration mismatch.
 */
export function useSignedIn(): boolean {
  return useSyncExternalStore(
    subscribeAuth,
    () => readSessionToken() !== null,
    () => false,
  );
}

/** The signed-in account's role as last seen, or null (signed out, or not known yet); null while hydrating. */
export function useStoredRole(): AccountRole | null {
  return useSyncExternalStore(
    subscribeAuth,
    () => (readSessionToken() === null ? null : readRole()),
    () => null,
  );
}
