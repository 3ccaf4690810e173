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
export type AccountRole = 'student' | 'admin';
const CHANGE_EVENT = 'auth-token-change';

export function readToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function storeToken(token: string, role?: AccountRole): void {
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

/** Records the role the profile call answered, when it differs from the stored one. */
export function storeRole(role: AccountRole): void {
  if (readRole() === role || readToken() === null) return;
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
