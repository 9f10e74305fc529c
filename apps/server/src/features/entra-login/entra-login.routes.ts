import { ZLoginResult } from '@lms/contracts/auth';
import { ZEntraConfig, ZEntraLoginBody, ZEntraNonce } from '@lms/contracts/entra';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { entraConfig, issueEntraNonce, loginWithEntra } from './entra-login.service';

/** Spec section 7 "POST /user/login-with-entra-id", and what the /entra-login page needs before it. */
export const entraLoginRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const config = { access: 'public' as const };

  app.get('/api/user/entra-config', { schema: { response: { 200: ZEntraConfig } }, config }, (req) =>
    entraConfig(deps, req.tenant),
  );

  app.post('/api/user/entra-nonce', { schema: { response: { 200: ZEntraNonce } }, config }, (req) =>
    issueEntraNonce(deps, req.tenant),
  );

  app.post(
    '/api/user/login-with-entra-id',
    { schema: { body: ZEntraLoginBody, response: { 200: ZLoginResult } }, config },
    (req) => loginWithEntra(deps, req.tenant, req.body, { ip: req.ip, userAgent: req.headers['user-agent'] }),
  );
  await Promise.resolve();
};
