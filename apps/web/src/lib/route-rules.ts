import type { TCurrentUser } from '@lms/contracts/auth';
import { mayOpenPath } from '@lms/contracts/permissions';

/**
 * The route rules of spec section 2 as pure functions of the path, so they hold for every path, also for those
 * whose page a later issue adds (and for unknown paths, which show the not-found page).
 */
export const CLIENT_NOT_FOUND_PATH = '/404/client-not-found';
export const PASSWORD_CHANGE_PATH = '/password-change-required';
export const LOGIN_PATH = '/login';
export const PLATFORM_INACTIVE_PATH = '/platform-inactive';

/** Spec section 2: every route is protected unless marked public. */
const PUBLIC_PATHS = [
  '/login',
  '/logout',
  '/reset-password',
  '/init-password',
  '/entra-login',
  '/client/imprint',
  '/client/privacy-policy',
  '/faq',
  '/about',
  CLIENT_NOT_FOUND_PATH,
  PLATFORM_INACTIVE_PATH,
];

/** Spec section 2 (preventAuthRedirect): never kept as the wanted path, never redirected away for signed-in users. */
const SKIP_AUTH_REDIRECT_PATHS = [
  '/login',
  '/logout',
  '/reset-password',
  '/init-password',
  '/entra-login',
  PASSWORD_CHANGE_PATH,
];

/** Spec section 2: the pages a user who must change the password may still open. */
const OPEN_WHILE_PASSWORD_CHANGE = [PASSWORD_CHANGE_PATH, '/logout', '/client/privacy-policy', '/client/imprint'];

const pathOnly = (path: string): string => {
  const bare = path.split(/[?#]/)[0] ?? '/';
  return bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
};

const matches = (list: readonly string[], path: string): boolean => list.includes(pathOnly(path));

/** Public pages under a prefix: a certificate's verification page, /verify/{code} (issue 30 point 2). */
const PUBLIC_PREFIXES = ['/verify/'];

export const isPublicPath = (path: string): boolean =>
  matches(PUBLIC_PATHS, path) || PUBLIC_PREFIXES.some((prefix) => pathOnly(path).startsWith(prefix));
export const skipsAuthRedirect = (path: string): boolean => matches(SKIP_AUTH_REDIRECT_PATHS, path);
export const isOpenWhilePasswordChange = (path: string): boolean => matches(OPEN_WHILE_PASSWORD_CHANGE, path);

export type RouteDecision =
  { kind: 'show' } | { kind: 'redirect'; to: string; rememberPath: boolean } | { kind: 'forbidden' };

export interface GuardState {
  clientNotFound: boolean;
  signedIn: boolean;
  user: Pick<TCurrentUser, 'role' | 'passwordChangeRequired'> | null;
}

/** What the router does with a navigation to `path`, in the order spec section 2 gives the rules. */
export function decideRoute(path: string, s: GuardState): RouteDecision {
  const bare = pathOnly(path);
  if (s.clientNotFound)
    return bare === CLIENT_NOT_FOUND_PATH
      ? { kind: 'show' }
      : { kind: 'redirect', to: CLIENT_NOT_FOUND_PATH, rememberPath: false };
  if (!s.signedIn || !s.user) {
    if (isPublicPath(bare)) return { kind: 'show' };
    return { kind: 'redirect', to: LOGIN_PATH, rememberPath: !skipsAuthRedirect(bare) };
  }
  if (s.user.passwordChangeRequired && !isOpenWhilePasswordChange(bare))
    return { kind: 'redirect', to: PASSWORD_CHANGE_PATH, rememberPath: false };
  if (!mayOpenPath(s.user.role, bare)) return { kind: 'forbidden' };
  return { kind: 'show' };
}
