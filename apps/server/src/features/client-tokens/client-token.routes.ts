import {
  ZClientToken,
  ZClientTokenPage,
  ZClientTokenQuery,
  ZCreateClientTokenBody,
  ZCreatedClientToken,
  ZDirectoryPing,
  ZInvalidateClientTokensQuery,
  ZInvalidatedClientTokens,
} from '@lms/contracts/client-tokens';
import { ZIdParams } from '@lms/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, clientTokenOf } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import {
  createClientToken,
  invalidateAllClientTokens,
  invalidateClientToken,
  listClientTokens,
} from './client-token.service';

/** Spec section 7 "GET, POST, DELETE /client-token; DELETE /client-token/{id}", and the directory's ping. */
export const clientTokenRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const access = 'clients.smtpAndTokens' as const;

  app.get(
    '/api/client-token',
    { schema: { querystring: ZClientTokenQuery, response: { 200: ZClientTokenPage } }, config: { access } },
    (req) => listClientTokens(deps, actorOf(req), req.query),
  );

  app.post(
    '/api/client-token',
    { schema: { body: ZCreateClientTokenBody, response: { 200: ZCreatedClientToken } }, config: { access } },
    (req) => createClientToken(deps, actorOf(req), req.body),
  );

  app.delete(
    '/api/client-token',
    {
      schema: { querystring: ZInvalidateClientTokensQuery, response: { 200: ZInvalidatedClientTokens } },
      config: { access },
    },
    (req) => invalidateAllClientTokens(deps, actorOf(req), req.query.clientId),
  );

  app.delete(
    '/api/client-token/:id',
    { schema: { params: ZIdParams, response: { 200: ZClientToken } }, config: { access } },
    (req) => invalidateClientToken(deps, actorOf(req), req.params.id),
  );

  /**
   * Proves a token authenticates the client's directory (SCIM is a later issue): the client it belongs to. The
   * guard has checked the token against the host's client and noted the access.
   */
  app.get(
    '/api/directory/ping',
    { schema: { response: { 200: ZDirectoryPing } }, config: { access: 'clientToken' } },
    (req) => {
      clientTokenOf(req);
      return { clientId: req.tenant.id, clientName: req.tenant.name };
    },
  );
  await Promise.resolve();
};
