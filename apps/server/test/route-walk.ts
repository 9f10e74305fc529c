import { can } from '@lms/contracts/permissions';
import { ROLE_RANK, ROLES, type TRole } from '@lms/contracts/roles';
import type { ApiRoute } from '../src/platform/access';
import { newId } from '../src/platform/ids';

// Helpers for the tests that walk every registered /api route (app.apiRoutes, filled by platform/access.ts).

/** The names of a route's path parameters, in order. */
export const paramsOf = (url: string): string[] => [...url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] ?? '');

/** A route's URL with a fresh id for every parameter (and the wildcard filled). */
export const concrete = (url: string): string => url.replace(/:[A-Za-z]+/g, () => newId()).replace(/\*$/, 'x');

/** A well-formed value for each path parameter, so that one malformed parameter at a time can be tried. */
const VALID_PARAMS: Record<string, string> = { locale: 'de-DE', part: 'pdf', kind: 'imprint', key: 'faq', slot: '1' };
export const validParam = (name: string): string => VALID_PARAMS[name] ?? newId();

/** The URL with valid parameters (or `value(name)` where given), the parameter named `bad` as `badValue`. */
export const withParams = (
  url: string,
  bad?: string,
  badValue = 'not-a-valid-value',
  value: (name: string) => string = validParam,
): string => url.replace(/:([A-Za-z]+)/g, (_, name: string) => (name === bad ? badValue : value(name)));

/** Whether a role gets past a route's guard ('public' and 'user': every role; 'clientToken': none, it takes a token). */
export const mayCall = (role: TRole, route: Pick<ApiRoute, 'access'>): boolean =>
  route.access === 'public' || route.access === 'user' || (route.access !== 'clientToken' && can(role, route.access));

/** Routes a session reaches (every route but the client-token ones, which a session cannot call). */
export const takesSession = (route: Pick<ApiRoute, 'access'>): boolean =>
  route.access !== 'public' && route.access !== 'clientToken';

/** The highest-ranked role the guard lets through, so a request reaches the route's validation and handler. */
export function mostPrivilegedRole(route: Pick<ApiRoute, 'access'>): TRole {
  const role = [...ROLES].sort((a, b) => ROLE_RANK[b] - ROLE_RANK[a]).find((r) => mayCall(r, route));
  if (!role) throw new Error(`no role may call a route with access ${route.access}`);
  return role;
}
