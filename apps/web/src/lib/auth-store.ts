import type { TCurrentUser } from '@lms/contracts/auth';
import { AUTH_COOKIE, AUTH_COOKIE_DAYS } from '@lms/contracts/constants';
import { useSyncExternalStore } from 'react';

/**
 * The auth state of spec section 3 ("Auth state"): token (kept in the `auth` cookie, ARCHITECTURE section 5),
 * the signed-in user, the wanted path and the client-not-found flag. A tiny external store, so the API client
 * (outside React) and the components read and change the same state.
 */
export interface AuthState {
  token: string | null;
  user: TCurrentUser | null;
  /** Set when the API answered 404 client_not_found: every navigation goes to /404/client-not-found. */
  clientNotFound: boolean;
}

const REDIRECT_KEY = 'lms.redirectPath';

function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  const hit = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return hit ? decodeURIComponent(hit.slice(prefix.length)) : null;
}

function writeAuthCookie(token: string | null): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  if (token === null) {
    document.cookie = `${AUTH_COOKIE}=; path=/; SameSite=Strict; max-age=0${secure}`;
    return;
  }
  const expires = new Date(Date.now() + AUTH_COOKIE_DAYS * 86_400_000).toUTCString();
  document.cookie = `${AUTH_COOKIE}=${encodeURIComponent(token)}; path=/; SameSite=Strict; expires=${expires}${secure}`;
}

let state: AuthState = { token: readCookie(AUTH_COOKIE), user: null, clientNotFound: false };
const listeners = new Set<() => void>();

function setState(next: Partial<AuthState>): void {
  state = { ...state, ...next };
  listeners.forEach((listener) => listener());
}

export const getAuthState = (): AuthState => state;

export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useAuth = (): AuthState => useSyncExternalStore(subscribeAuth, getAuthState);

export function setSession(token: string, user: TCurrentUser | null): void {
  writeAuthCookie(token);
  setState({ token, user });
}

export function setToken(token: string): void {
  writeAuthCookie(token);
  setState({ token });
}

export const setCurrentUser = (user: TCurrentUser | null): void => setState({ user });

/** Logout and expiry reset everything but the current client (spec section 4). */
export function clearAuth(): void {
  writeAuthCookie(null);
  setState({ token: null, user: null });
}

export function setClientNotFound(): void {
  writeAuthCookie(null);
  setState({ clientNotFound: true, token: null, user: null });
}

/** The wanted path survives a reload (sessionStorage) so login can return to it (spec section 2). */
export function rememberRedirectPath(path: string): void {
  sessionStorage.setItem(REDIRECT_KEY, path);
}

export function takeRedirectPath(): string {
  const path = sessionStorage.getItem(REDIRECT_KEY);
  sessionStorage.removeItem(REDIRECT_KEY);
  return path && path.startsWith('/') && !path.startsWith('//') ? path : '/';
}
