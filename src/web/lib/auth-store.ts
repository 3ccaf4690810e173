import { useSyncExternalStore } from 'react';
import { readRole, readToken, subscribeAuth, type AccountRole } from './auth-storage';

export { clearSession, readToken, storeRole, storeToken, type AccountRole } from './auth-storage';

/** Signed out while prerendering and hydrating, then the real state: no hydration mismatch. */
export function useSignedIn(): boolean {
  return useSyncExternalStore(
    subscribeAuth,
    () => readToken() !== null,
    () => false,
  );
}

/** The signed-in account's role as last seen, or null (signed out, or not known yet); null while hydrating. */
export function useStoredRole(): AccountRole | null {
  return useSyncExternalStore(
    subscribeAuth,
    () => (readToken() === null ? null : readRole()),
    () => null,
  );
}
