import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { contentHost } from './features/content-origin/content-security';
import { playerRoutes } from './features/content-origin/player.routes';
import { runtimeRoutes } from './features/content-origin/runtime.routes';
import type { AppDeps } from './platform/deps';
import { installErrorHandler } from './platform/error-handler';
import { newRequestId } from './platform/ids';
import { installInputGuards } from './platform/input-guards';
import { trustProxyOption } from './config-trust-proxy';
import { answerUndeclaredMethods, collectDeclaredMethods } from './platform/method-not-allowed';

/**
 * The content-origin server (ARCHITECTURE section 6): the same process listens on CONTENT_PORT and answers there only
 * the player, package files and runtime calls. It has no session, no tenant resolution from Host and no /api: the
 * launch token in the path is the only credential, and nothing of the app's cookies or tokens is read here.
 */
export async function buildContentApp(
  deps: AppDeps,
  opts: { logger?: FastifyServerOptions['logger'] } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    genReqId: newRequestId,
    trustProxy: trustProxyOption(deps.config.trustProxy),
    // A 2004 commit carries up to 64,000 characters of suspend data plus interactions and objectives.
    bodyLimit: 1024 * 1024,
    // The launch token is a path segment of a few hundred characters (router default: 100). A router option, so it
    // goes in routerOptions: the top-level spelling is deprecated (FSTDEP022) and leaves Fastify 6.
    routerOptions: { maxParamLength: 2_048 },
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  // SCORM data may hold any character and is stored as JSON text, NUL included; the commit's own fields are
  // checked by its schema.
  installInputGuards(app, { bodies: false });

  // navigator.sendBeacon posts the final commit as text/plain (a CORS-safelisted type); its body is the same JSON.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error('invalid JSON'), { statusCode: 400 }), undefined);
    }
  });

  // Tokens ride in every URL here; no Referer may carry them elsewhere. Set first, in one
  // synchronous hook, so that every answer has them, the 421 below too.
  const headers = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' };
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
  const host = contentHost(deps.config.contentOrigin);
  app.addHook('onRequest', async (req, reply) => {
    // Cookies ignore ports: served under the app's host name, package scripts could read the app's `auth` cookie.
    // Only the configured content host is answered (421 Misdirected Request for any other).
    if ((req.headers.host ?? '').toLowerCase() !== host) {
      return reply.status(421).send({ error: 'not_found', message: 'Not found.' });
    }
  });

  await app.register(fastifyStatic, { serve: false });
  const declared = collectDeclaredMethods(app, () => true);
  await app.register(playerRoutes, { deps });
  await app.register(runtimeRoutes, { deps });
  answerUndeclaredMethods(app, declared);
  // Everything else, /api/* above all, does not exist on this origin.
  app.setNotFoundHandler((_req, reply) => reply.status(404).send({ error: 'not_found', message: 'Not found.' }));
  return app;
}
