/**
 * Where the signed-in state lives in local storage, without React: the SPA's hooks (auth-store.ts) and the static
 * pages' island script (src/web/islands) read the same keys through this module.
 */

/** The auth token lives in local storage under `token`; the signed-in flag follows it. */
const TOKEN_KEY = 'token';
/**
 * Whether the signed-in account is the admin, kept beside the token so the header (on every page, the landing
 * page included, which doesn't load the API client's cache) can send the admin's menu to the admin's pages.
 * Only a hint for the menu: every admin page and call is checked by the server.
 */
const ROLE_KEY = 'role';
/**
 * Set while the token under `token` is a password-reset link's, not a session: the reset call sends it as its bearer,
 * but nobody is signed in by it.
 */
const RESET_KEY = 'token_is_reset';
export type AccountRole = 'student' | 'admin';
const CHANGE_EVENT = 'auth-token-change';

export function readToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/** The session's token: null when signed out, and while the stored token is a reset link's. */
export function readSessionToken(): string | null {
  try {
    return window.localStorage.getItem(RESET_KEY) ? null : window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/** A session's token, as the server gave it at login or email verification. */
export function storeToken(token: string, role?: AccountRole): void {
  window.localStorage.removeItem(RESET_KEY);
  window.localStorage.setItem(TOKEN_KEY, token);
  if (role) window.localStorage.setItem(ROLE_KEY, role);
  else window.localStorage.removeItem(ROLE_KEY);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function readRole(): AccountRole | null {
  try {
    const role = window.localStorage.getItem(ROLE_KEY);
    return role === 'admin' || role === 'student' ? role : null;
  } catch {
    return null;
  }
}

/** A password-reset link's token, kept where the reset call reads its bearer; it signs nobody in. */
export function storeResetToken(token: string): void {
  window.localStorage.setItem(TOKEN_KEY, token);
  window.localStorage.setItem(RESET_KEY, '1');
  window.localStorage.removeItem(ROLE_KEY);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Records the role the profile call answered, when it differs from the stored one. */
export function storeRole(role: AccountRole): void {
  if (readRole() === role || readSessionToken() === null) return;
  window.localStorage.setItem(ROLE_KEY, role);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Logout clears local storage. */
export function clearSession(): void {
  window.localStorage.clear();
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Calls `onChange` when this tab or another signs in or out. */
export function subscribeAuth(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}
