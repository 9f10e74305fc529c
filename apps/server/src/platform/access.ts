import { STATUS_ACCESS_TOKEN_EXPIRED } from '@lms/contracts/errors';
import { can, type TCapability } from '@lms/contracts/permissions';
import { LOGIN_TYPES, type TRole } from '@lms/contracts/roles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/database';
import { isAccessTokenCurrent } from './access-token';
import { isDocsRoute } from './api-docs';
import { AppError } from './errors';
import { actorOfRequest, lookupSession, type Actor } from './session';
import { isPlatformOpen, type Tenant, type TenantResolver } from './tenant';

/**
 * Every route declares who may call it; there is no default. 'public' needs only a known client, 'user' any
 * signed-in user of that client, a capability the role that holds it (PERMISSIONS.md via contracts), and
 * 'clientToken' a valid secret token of that client instead of a session (the client's directory, DECISIONS
 * "secret tokens").
 */
export type Access = 'public' | 'user' | 'clientToken' | TCapability;

/** The client token a 'clientToken' route was called with. */
export interface TokenPrincipal {
  tokenId: string;
  clientId: string;
}

/**
 * Checks a client token's secret for the tenant of the host: the token's owner (features/client-tokens) decides,
 * since platform code reads no feature's table. Null for an unknown, invalidated, expired or other-client token.
 */
export type ClientTokenVerifier = (tenant: Tenant, secret: string) => Promise<TokenPrincipal | null>;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Callable while the user must still change the password (spec section 2). */
    allowWhilePasswordChange?: boolean;
  }
  interface FastifyRequest {
    tenant: Tenant;
    actor: Actor | null;
    /** Set on 'clientToken' routes only. */
    clientToken: TokenPrincipal | null;
  }
  interface FastifyInstance {
    /** Every /api route with its declared access, for the test that walks them all. */
    apiRoutes: ApiRoute[];
  }
}

export interface ApiRoute {
  method: string;
  url: string;
  access: Access;
  allowWhilePasswordChange: boolean;
  /** Whether a JSON body schema validates the route's input, and the keys of its query schema (for the walks). */
  hasBody: boolean;
  queryKeys: string[];
}

/** The roles that may still sign in while a client's platform is closed (DECISIONS "platform active"). */
const ROLES_WHEN_CLOSED: ReadonlySet<TRole> = new Set(['ADMIN', 'RESELLER', 'RESELLER_COORDINATOR', 'SUPERADMIN']);

/**
 * The health check (for load balancers) answers on any host. The API docs answer on a client's host only (issue 28
 * point 7c), without sign-in: the OpenAPI document says what the routes are, which holds no secret, and an
 * integrator reads it before they have an account.
 */
const isTenantApi = (url: string) => url.startsWith('/api/') && url !== '/api/health';

/**
 * Whether the guard applies, decided on the route the router matched, never on the raw URL: the router decodes the
 * path, so `/%61pi/...` runs an /api handler too (hardening issue 3). A request that matched no route runs no
 * handler; an /api one still answers client_not_found on an unknown host.
 */
const guarded = (req: FastifyRequest) => {
  const route = req.routeOptions.url;
  return route === undefined ? req.url.startsWith('/api/') : isTenantApi(route);
};

export const mayUseClosedPlatform = (role: TRole) => ROLES_WHEN_CLOSED.has(role);

export const bearerToken = (req: FastifyRequest, header: string): string | undefined => {
  const value = req.headers[header];
  const raw = Array.isArray(value) ? value[0] : value;
  const m = raw?.match(/^Bearer\s+(\S+)$/i);
  return m?.[1];
};

export interface AccessOptions {
  db: Db;
  tenants: TenantResolver;
  authHeader: string;
  /** Needed once a route declares access 'clientToken'. */
  verifyClientToken?: ClientTokenVerifier;
}

export const accessPlugin = fp<AccessOptions>(function access(app: FastifyInstance, opts, done) {
  app.decorateRequest('tenant', null as unknown as Tenant);
  app.decorateRequest('actor', null);
  app.decorateRequest('clientToken', null);

  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || isDocsRoute(route.url) || route.config?.methodNotAllowed) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access`);
    if (access === 'clientToken' && !opts.verifyClientToken)
      throw new Error(`Route ${String(route.method)} ${route.url} needs a client token verifier`);
    const schema = route.schema as { body?: unknown; querystring?: { shape?: object } } | undefined;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      apiRoutes.push({
        method,
        url: route.url,
        access,
        allowWhilePasswordChange: !!route.config?.allowWhilePasswordChange,
        hasBody: schema?.body !== undefined,
        queryKeys: Object.keys(schema?.querystring?.shape ?? {}),
      });
    }
  });

  app.addHook('onRequest', async (req) => {
    if (!guarded(req)) return;
    const tenant = await opts.tenants.resolve(req.headers.host);
    if (!tenant) throw new AppError(404, 'client_not_found');
    req.tenant = tenant;
    if (isDocsRoute(req.routeOptions.url)) return;

    const access = req.routeOptions.config?.access;
    if (access === 'clientToken') {
      // A directory speaks the standard header (RFC 7644 section 2), whatever AUTH_HEADER says for the web app.
      const secret = bearerToken(req, 'authorization');
      const principal = secret && opts.verifyClientToken ? await opts.verifyClientToken(tenant, secret) : null;
      if (!principal) throw new AppError(401, 'client_token_invalid');
      req.clientToken = principal;
      return;
    }
    const token = bearerToken(req, opts.authHeader);
    if (token) {
      // A token of another client is not found, even when it is valid there (ARCHITECTURE section 4).
      const found = await lookupSession(opts.db, tenant.id, token);
      if (found.kind === 'ok' && found.userActive && found.actor.clientId === tenant.id)
        req.actor = actorOfRequest(found.actor, req.ip);
      else if (access !== 'public') throw new AppError(401, 'session_expired');
    }
    if (access === 'public' || access === undefined) return;
    const actor = req.actor;
    if (!actor) throw new AppError(401, 'unauthorized');
    if (actor.loginType === LOGIN_TYPES.SCIM && !isAccessTokenCurrent(req.headers['access-token']))
      throw new AppError(STATUS_ACCESS_TOKEN_EXPIRED, 'access_token_expired');
    if (!isPlatformOpen(tenant) && !mayUseClosedPlatform(actor.role)) throw new AppError(403, 'platform_inactive');
    if (actor.isPasswordChangeRequired && !req.routeOptions.config.allowWhilePasswordChange)
      throw new AppError(403, 'password_change_required');
    if (access !== 'user' && !can(actor.role, access)) throw new AppError(403, 'forbidden');
  });
  done();
});

/** For handlers behind a 'clientToken' guard: the token is there. */
export function clientTokenOf(req: FastifyRequest): TokenPrincipal {
  if (!req.clientToken) throw new AppError(401, 'client_token_invalid');
  return req.clientToken;
}

/** For handlers behind a non-public guard: the actor is there. */
export function actorOf(req: FastifyRequest): Actor {
  if (!req.actor) throw new AppError(401, 'unauthorized');
  return req.actor;
}
