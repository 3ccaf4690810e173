import { useSyncExternalStore } from 'react';

/** The auth token lives in local storage under `token` (spec section 3); the signed-in flag follows it. */
const TOKEN_KEY = 'token';
const CHANGE_EVENT = 'auth-token-change';

export function readToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function storeToken(token: string): void {
  window.localStorage.setItem(TOKEN_KEY, token);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Logout clears local storage (spec section 4). */
export function clearSession(): void {
  window.localStorage.clear();
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** Signed out while prerendering and hydrating, then the real state: no hydration mismatch. */
export function useSignedIn(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => readToken() !== null,
    () => false,
  );
}
