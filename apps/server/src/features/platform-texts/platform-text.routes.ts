import {
  ZPlatformText,
  ZPlatformTextParams,
  ZPlatformTextQuery,
  ZSavePlatformTextBody,
} from '@lms/contracts/platform-texts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { getPlatformText, savePlatformText } from './platform-text.service';

/** Issue "Clients and the reseller area" point 7: /faq and /about are public pages (spec section 2). */
export const platformTextRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/api/platform-texts/:key',
    {
      schema: { params: ZPlatformTextParams, querystring: ZPlatformTextQuery, response: { 200: ZPlatformText } },
      config: { access: 'public', allowWhilePasswordChange: true },
    },
    (req) => getPlatformText(deps, req.params.key, req.query.locale),
  );

  app.post(
    '/api/platform-texts/:key',
    {
      schema: { params: ZPlatformTextParams, body: ZSavePlatformTextBody, response: { 200: ZPlatformText } },
      config: { access: 'platform.texts' },
    },
    (req) => savePlatformText(deps, actorOf(req), req.params.key, req.body),
  );
  await Promise.resolve();
};
