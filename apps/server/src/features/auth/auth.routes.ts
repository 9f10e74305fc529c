import {
  ZAuthState,
  ZCurrentUser,
  ZLocaleBody,
  ZLoginBody,
  ZLoginResult,
  ZPasswordChangeBody,
  ZTokenResult,
} from '@lms/contracts/auth';
import { ZOk } from '@lms/contracts/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { RouteDoc } from '../../platform/openapi';
import { changePassword, currentUser, login, logout, setLocale, type RequestMeta } from './auth.service';
import { LoginThrottle } from './login-throttle';

/** The login's own answers (OpenAPI document): a wrong or locked login, a closed platform, the per-IP limit. */
const LOGIN_DOC: RouteDoc = {
  errors: {
    401: ['login_failed', 'login_locked'],
    403: ['platform_inactive'],
    429: ['rate_limited'],
  },
};

const metaOf = (req: FastifyRequest): RequestMeta => ({
  ip: req.ip,
  userAgent: req.headers['user-agent'],
  log: req.log,
});

export const authRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const throttle = new LoginThrottle(deps.db, 'login');

  app.post(
    '/api/user/login',
    { schema: { body: ZLoginBody, response: { 200: ZLoginResult } }, config: { access: 'public', openapi: LOGIN_DOC } },
    async (req) => {
      if (!(await throttle.allow(req.ip))) throw new AppError(429, 'rate_limited');
      return login(deps, req.tenant, req.body, metaOf(req));
    },
  );

  app.post(
    '/api/user/logout',
    { schema: { response: { 200: ZOk } }, config: { access: 'user', allowWhilePasswordChange: true } },
    async (req) => {
      await logout(deps, actorOf(req));
      return { ok: true as const };
    },
  );

  app.get('/api/user/auth', { schema: { response: { 200: ZAuthState } }, config: { access: 'user' } }, (req) => {
    const actor = actorOf(req);
    return { authenticated: true as const, userId: actor.userId, clientId: actor.clientId };
  });

  app.get(
    '/api/user/info',
    { schema: { response: { 200: ZCurrentUser } }, config: { access: 'user', allowWhilePasswordChange: true } },
    (req) => currentUser(deps, actorOf(req)),
  );

  app.post(
    '/api/user/password-change',
    {
      schema: { body: ZPasswordChangeBody, response: { 200: ZTokenResult } },
      config: { access: 'user', allowWhilePasswordChange: true },
    },
    (req) => changePassword(deps, req.tenant, actorOf(req), req.body, metaOf(req)),
  );

  app.post(
    '/api/user/locale',
    { schema: { body: ZLocaleBody, response: { 200: ZCurrentUser } }, config: { access: 'user' } },
    (req) => setLocale(deps, actorOf(req), req.body.locale),
  );
  await Promise.resolve();
};
