import { ZClientSmtp, ZClientSmtpAnswer, ZClientSmtpParams, ZSaveClientSmtpBody } from '@lms/contracts/client-smtp';
import { ZOk } from '@lms/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { RATE_LIMITED } from '../../platform/openapi';
import { REQUEST_LIMITS, requestLimit } from '../../platform/request-limits';
import { getClientSmtp, removeClientSmtp, saveClientSmtp, testClientSmtp } from './client-smtp.service';

/** Spec section 7 "CRUD /client-smtp", per client id (PERMISSIONS.md "SMTP settings and secret tokens"). */
export const clientSmtpRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const access = 'clients.smtpAndTokens' as const;
  const testLimit = requestLimit(deps.db, REQUEST_LIMITS.smtpTest);

  app.get(
    '/api/client-smtp/:clientId',
    { schema: { params: ZClientSmtpParams, response: { 200: ZClientSmtpAnswer } }, config: { access } },
    (req) => getClientSmtp(deps, actorOf(req), req.params.clientId),
  );

  app.post(
    '/api/client-smtp/:clientId',
    {
      schema: { params: ZClientSmtpParams, body: ZSaveClientSmtpBody, response: { 200: ZClientSmtp } },
      config: { access },
    },
    (req) => saveClientSmtp(deps, actorOf(req), req.params.clientId, req.body),
  );

  app.delete(
    '/api/client-smtp/:clientId',
    { schema: { params: ZClientSmtpParams, response: { 200: ZOk } }, config: { access } },
    async (req) => {
      await removeClientSmtp(deps, actorOf(req), req.params.clientId);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/client-smtp/:clientId/test',
    {
      schema: { params: ZClientSmtpParams, response: { 200: ZClientSmtp } },
      config: { access, openapi: RATE_LIMITED },
    },
    async (req) => {
      await testLimit(actorOf(req).userId);
      return testClientSmtp(deps, actorOf(req), req.params.clientId);
    },
  );
  await Promise.resolve();
};
