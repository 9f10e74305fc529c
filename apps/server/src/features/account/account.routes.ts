import {
  ZActivateBody,
  ZChangeRequestBody,
  ZForgotUsernameBody,
  ZMyProfile,
  ZPasswordResetBody,
  ZProfileBody,
  ZSentTo,
  ZTokenCheckBody,
  ZTokenCheckResult,
} from '@lms/contracts/account';
import { ZCurrentUser, ZTokenResult } from '@lms/contracts/auth';
import { ZOk } from '@lms/contracts/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { REQUEST_LIMITS, requestLimit } from '../../platform/request-limits';
import { AppError } from '../../platform/errors';
import { RATE_LIMITED } from '../../platform/openapi';
import { LoginThrottle } from '../auth';
import { requestDataChange, requestUsername } from './account-requests.service';
import { checkLinkToken, requestPasswordReset, setPasswordFromLink } from './password-reset.service';
import { myProfile, updateProfile } from './profile.service';

/** Spec section 7 account calls. The public ones share a per-IP limit, like the login (DECISIONS "lockout"). */
export const accountRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const throttle = new LoginThrottle(deps.db, 'account');
  const limit = async (req: FastifyRequest) => {
    if (!(await throttle.allow(req.ip))) throw new AppError(429, 'rate_limited');
  };
  const publicAccess = { access: 'public' as const, allowWhilePasswordChange: true, openapi: RATE_LIMITED };
  const changeRequestLimit = requestLimit(deps.db, REQUEST_LIMITS.dataChangeRequest);

  // The spec writes these two with a trailing slash; both spellings answer.
  for (const url of ['/api/user/password-reset', '/api/user/password-reset/']) {
    app.post(
      url,
      { schema: { body: ZPasswordResetBody, response: { 200: ZSentTo } }, config: publicAccess },
      async (req) => {
        await limit(req);
        return requestPasswordReset(deps, req.tenant, req.body);
      },
    );
  }
  for (const url of ['/api/user/forgotUsername', '/api/user/forgotUsername/']) {
    app.post(
      url,
      { schema: { body: ZForgotUsernameBody, response: { 200: ZOk } }, config: publicAccess },
      async (req) => {
        await limit(req);
        await requestUsername(deps, req.tenant, req.body);
        return { ok: true as const };
      },
    );
  }

  app.post(
    '/api/user/activate',
    { schema: { body: ZActivateBody, response: { 200: ZTokenResult } }, config: publicAccess },
    async (req) => {
      await limit(req);
      return setPasswordFromLink(deps, req.tenant, req.body, { ip: req.ip, userAgent: req.headers['user-agent'] });
    },
  );

  app.post(
    '/api/user/link-check',
    { schema: { body: ZTokenCheckBody, response: { 200: ZTokenCheckResult } }, config: publicAccess },
    async (req) => {
      await limit(req);
      return checkLinkToken(deps, req.tenant, req.body.token, req.body.purpose);
    },
  );

  app.post(
    '/api/user/changerequest',
    { schema: { body: ZChangeRequestBody, response: { 200: ZOk } }, config: { access: 'user', openapi: RATE_LIMITED } },
    async (req) => {
      await changeRequestLimit(actorOf(req).userId);
      await requestDataChange(deps, req.tenant, actorOf(req), req.body);
      return { ok: true as const };
    },
  );

  app.get('/api/user/profile', { schema: { response: { 200: ZMyProfile } }, config: { access: 'user' } }, (req) =>
    myProfile(deps, actorOf(req)),
  );

  app.post(
    '/api/user',
    { schema: { body: ZProfileBody, response: { 200: ZCurrentUser } }, config: { access: 'user' } },
    (req) => updateProfile(deps, actorOf(req), req.body),
  );
  await Promise.resolve();
};
