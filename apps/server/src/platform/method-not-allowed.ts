import type { FastifyInstance, RouteOptions } from 'fastify';
import { AppError } from './errors';

// 405 Method Not Allowed with an Allow header (RFC 9110 section 15.5.6) for a method a known path does not declare.
// Fastify's router answers 404 for it, as for an unknown path. Fastify has no 405 of its own, and its router cannot
// be asked which patterns a concrete URL would match under another method; so each scope collects its routes' methods
// per URL pattern (onRoute), and once its routes are registered, adds one hidden route per pattern for the methods it
// lacks. The router then matches the undeclared method exactly as it matches the declared ones (same decoding, same
// parameters), and every decision (tenant, guard) rests on that matched route, never on the raw URL.

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on the routes that answer 405 (kept out of the route lists, the guards' walks and the OpenAPI document). */
    methodNotAllowed?: boolean;
  }
}

/** The methods each URL pattern of a scope declares; HEAD is implied by GET (Fastify answers HEAD for every GET). */
export type DeclaredMethods = Map<string, Set<string>>;

/**
 * Collects the methods of the routes registered after this call in `app`'s scope (children included) whose URL
 * `accepts`. Call it before the routes are registered, and answerUndeclaredMethods after.
 */
export function collectDeclaredMethods(app: FastifyInstance, accepts: (url: string) => boolean): DeclaredMethods {
  const declared: DeclaredMethods = new Map();
  app.addHook('onRoute', (route) => {
    if (route.config?.methodNotAllowed || !accepts(route.url)) return;
    const methods = declared.get(route.url) ?? new Set<string>();
    for (const method of [route.method].flat()) {
      methods.add(method);
      if (method === 'GET') methods.add('HEAD');
    }
    declared.set(route.url, methods);
  });
  return declared;
}

/** The Allow header's value for a set of methods (sorted, so that it reads the same every time). */
export const allowHeader = (methods: Iterable<string>): string => [...methods].sort().join(', ');

/**
 * Registers, in `app`'s scope, one route per collected URL pattern that answers every other method Fastify knows with
 * 405 `method_not_allowed` and `Allow`. The answer is thrown from onRequest, so no body is read, and the scope's error
 * handler writes it in the scope's format (the app's error body; RFC 7644's in the SCIM scope).
 */
export function answerUndeclaredMethods(app: FastifyInstance, declared: DeclaredMethods): void {
  for (const [url, methods] of declared) {
    // Registered in the same scope, whose prefix Fastify puts in front again.
    const path = url.slice(app.prefix.length);
    // A route can exist without onRoute having told of it (the trailing-slash twin of a prefix's '/' route): its
    // methods count as declared too.
    const known = app.supportedMethods.filter((m) => methods.has(m) || app.hasRoute({ url: path, method: m }));
    const others = app.supportedMethods.filter((m) => !known.includes(m));
    if (others.length === 0) continue;
    const allow = allowHeader(known);
    const route: RouteOptions = {
      method: others,
      url: path,
      // HEAD is listed itself where GET is not declared; Fastify must not add a second one.
      exposeHeadRoute: false,
      schema: { hide: true },
      // 'public': the guard still resolves the client of an /api path (404 client_not_found on an unknown host).
      config: { access: 'public', methodNotAllowed: true },
      onRequest: (_req, reply, done) => {
        reply.header('allow', allow);
        done(new AppError(405, 'method_not_allowed'));
      },
      handler: () => {
        throw new AppError(405, 'method_not_allowed');
      },
    };
    app.route(route);
  }
}
