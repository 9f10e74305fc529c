import { ZLoginResult } from '@lms/contracts/auth';
import { ZEntraConfig, ZEntraLoginBody, ZEntraNonce } from '@lms/contracts/entra';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { RATE_LIMITED } from '../../platform/openapi';
import { REQUEST_LIMITS, requestLimit } from '../../platform/request-limits';
import { entraConfig, issueEntraNonce, loginWithEntra } from './entra-login.service';

/** Spec section 7 "POST /user/login-with-entra-id", and what the /entra-login page needs before it. */
export const entraLoginRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const config = { access: 'public' as const };
  const nonceLimit = requestLimit(deps.db, REQUEST_LIMITS.entraNonce);
  const loginLimit = requestLimit(deps.db, REQUEST_LIMITS.entraLogin);

  app.get('/api/user/entra-config', { schema: { response: { 200: ZEntraConfig } }, config }, (req) =>
    entraConfig(deps, req.tenant),
  );

  const limited = { ...config, openapi: RATE_LIMITED };
  app.post('/api/user/entra-nonce', { schema: { response: { 200: ZEntraNonce } }, config: limited }, async (req) => {
    await nonceLimit(req.ip);
    return issueEntraNonce(deps, req.tenant);
  });

  app.post(
    '/api/user/login-with-entra-id',
    {
      schema: { body: ZEntraLoginBody, response: { 200: ZLoginResult } },
      config: {
        ...config,
        openapi: {
          errors: {
            401: ['entra_token_invalid', 'login_failed'],
            403: ['entra_client_unknown', 'entra_user_not_synchronised', 'platform_inactive'],
            429: ['rate_limited'],
          },
        },
      },
    },
    async (req) => {
      await loginLimit(req.ip);
      return loginWithEntra(deps, req.tenant, req.body, { ip: req.ip, userAgent: req.headers['user-agent'] });
    },
  );
  await Promise.resolve();
};
