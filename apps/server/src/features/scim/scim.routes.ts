import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { auditActorOf } from '../../platform/audit/audit-actor';
import { bearerToken } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { answerUndeclaredMethods, collectDeclaredMethods } from '../../platform/method-not-allowed';
import { clientTokenVerifier } from '../client-tokens';
import type { ScimContext } from './scim-context';
import { resourceType, resourceTypes, schemaById, schemas, serviceProviderConfig } from './scim-discovery';
import { installScimErrorHandler, SCIM_CONTENT_TYPE, scimFail } from './scim-error';
import { scimRouteDoc } from './scim-openapi';
import {
  createScimGroup,
  deleteScimGroup,
  getScimGroup,
  listScimGroups,
  patchScimGroup,
  replaceScimGroup,
} from './scim-group.service';
import {
  createScimUser,
  deleteScimUser,
  getScimUser,
  listScimUsers,
  patchScimUser,
  replaceScimUser,
} from './scim-user.service';

export const SCIM_PREFIX = '/scim/v2';

declare module 'fastify' {
  interface FastifyInstance {
    /** The SCIM routes (method and URL), for the walk in apps/server/test/scim-route-walk.test.ts. */
    scimRoutes: Array<{ method: string; url: string }>;
  }
}

type Query = Record<string, unknown>;
type WithId = { Params: { id: string }; Querystring: Query };

/**
 * The client's directory (Entra ID, Okta) at /scim/v2 (RFC 7643 and 7644), registered with that prefix. These are
 * not /api routes: the access guard of platform/access.ts stays out, and this plugin's own onRequest guard decides
 * on the matched route of this scope: the host's client, then a valid secret token of that client (Bearer, the
 * header RFC 7644 section 2 names, whatever AUTH_HEADER says). The token fixes the tenant; every call notes its
 * last access. Every answer is SCIM, errors included.
 */
function scimRoutes(
  app: FastifyInstance,
  { deps, routes }: { deps: AppDeps; routes: FastifyInstance['scimRoutes'] },
): Promise<void> {
  registerScimRoutes(app, deps, routes);
  return Promise.resolve();
}

function registerScimRoutes(app: FastifyInstance, deps: AppDeps, routes: FastifyInstance['scimRoutes']): void {
  const verify = clientTokenVerifier(deps.db);
  app.addHook('onRoute', (r) => {
    if (r.config?.methodNotAllowed) return;
    for (const m of [r.method].flat()) if (m !== 'HEAD') routes.push({ method: m, url: r.url });
    r.config = { ...r.config, openapi: scimRouteDoc([r.method].flat()[0] ?? 'GET', r.routePath) };
  });
  const declared = collectDeclaredMethods(app, () => true);
  installScimErrorHandler(app);
  // Directories send application/scim+json (RFC 7644 section 3.1); it is JSON. A DELETE comes with the header and no
  // body from some directories: an empty body is no body (the services refuse a missing one where they need it).
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    ['application/json', 'application/scim+json'],
    { parseAs: 'string' },
    (req: FastifyRequest, body: string, done: (err: Error | null, body?: unknown) => void) => {
      if (body.length === 0) return done(null, undefined);
      void json(req, body, done);
    },
  );
  app.setNotFoundHandler((req) => scimFail(404, undefined, `No SCIM endpoint ${req.method} ${req.url.split('?')[0]}.`));

  app.addHook('onRequest', async (req) => {
    // Not-found and 405 answers run no handler and need no token: they say nothing about the client.
    if (req.routeOptions.url === undefined || req.routeOptions.config.methodNotAllowed) return;
    const tenant = await app.tenants.resolve(req.headers.host);
    if (!tenant) return scimFail(404, undefined, 'Unknown client.');
    req.tenant = tenant;
    const secret = bearerToken(req, 'authorization');
    const principal = secret ? await verify(tenant, secret) : null;
    if (!principal) return scimFail(401, undefined, 'The bearer token is missing, unknown, expired or invalidated.');
    req.clientToken = principal;
  });
  app.addHook('onSend', async (_req, reply, payload) => {
    if (reply.statusCode !== 204) reply.type(SCIM_CONTENT_TYPE);
    return payload;
  });

  const ctx = (req: FastifyRequest): ScimContext => ({
    deps,
    clientId: req.clientToken?.clientId ?? scimFail(401, undefined, 'No token.'),
    base: `${req.protocol}://${req.host}${SCIM_PREFIX}`,
    who: auditActorOf(req),
  });
  const base = (req: FastifyRequest) => ctx(req).base;
  const created = (reply: FastifyReply, body: Record<string, unknown>) => {
    const location = (body.meta as { location?: string } | undefined)?.location;
    if (location) reply.header('location', location);
    return reply.status(201).send(body);
  };

  // Sync handlers answer through reply.send: a plain return from a non-async handler is not sent by Fastify.
  const send = (reply: FastifyReply, value: unknown) => reply.send(value);
  app.get('/ServiceProviderConfig', (req, reply) => send(reply, serviceProviderConfig(base(req))));
  app.get('/ResourceTypes', (req, reply) => send(reply, resourceTypes(base(req))));
  app.get<WithId>('/ResourceTypes/:id', (req, reply) =>
    send(reply, resourceType(base(req), req.params.id) ?? scimFail(404, undefined, 'Unknown resource type.')),
  );
  app.get('/Schemas', (req, reply) => send(reply, schemas(base(req))));
  app.get<WithId>('/Schemas/:id', (req, reply) =>
    send(reply, schemaById(base(req), req.params.id) ?? scimFail(404, undefined, 'Unknown schema.')),
  );

  app.get<{ Querystring: Query }>('/Users', (req) => listScimUsers(ctx(req), req.query));
  app.post('/Users', async (req, reply) => created(reply, await createScimUser(ctx(req), req.body)));
  app.get<WithId>('/Users/:id', (req) => getScimUser(ctx(req), req.params.id, req.query));
  app.put<WithId>('/Users/:id', (req) => replaceScimUser(ctx(req), req.params.id, req.body));
  app.patch<WithId>('/Users/:id', (req) => patchScimUser(ctx(req), req.params.id, req.body));
  app.delete<WithId>('/Users/:id', async (req, reply) => {
    await deleteScimUser(ctx(req), req.params.id);
    return reply.status(204).send();
  });

  // RFC 7644 section 3.4.3: search by POST is not offered (ServiceProviderConfig says which features are).
  for (const at of ['/.search', '/Users/.search', '/Groups/.search'])
    app.post(at, () => scimFail(501, undefined, 'Searching with POST /.search is not supported; use GET with filter.'));

  app.get<{ Querystring: Query }>('/Groups', (req) => listScimGroups(ctx(req), req.query));
  app.post('/Groups', async (req, reply) => created(reply, await createScimGroup(ctx(req), req.body)));
  app.get<WithId>('/Groups/:id', (req) => getScimGroup(ctx(req), req.params.id, req.query));
  app.put<WithId>('/Groups/:id', (req) => replaceScimGroup(ctx(req), req.params.id, req.body));
  app.patch<WithId>('/Groups/:id', async (req, reply) => {
    await patchScimGroup(ctx(req), req.params.id, req.body);
    return reply.status(204).send();
  });
  app.delete<WithId>('/Groups/:id', async (req, reply) => {
    await deleteScimGroup(ctx(req), req.params.id);
    return reply.status(204).send();
  });
  answerUndeclaredMethods(app, declared);
}

/** Registers the SCIM scope under its prefix and lists its routes on the root instance (for the route walk). */
export const scimPlugin = fp<{ deps: AppDeps }>(
  async (app, { deps }) => {
    const routes: FastifyInstance['scimRoutes'] = [];
    app.decorate('scimRoutes', routes);
    await app.register(scimRoutes, { deps, routes, prefix: SCIM_PREFIX });
  },
  { name: 'scim' },
);
