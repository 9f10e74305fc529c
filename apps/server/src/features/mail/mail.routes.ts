import { ZIdParams, pageOf } from '@lms/contracts/common';
import { ZMailDetail, ZMailQueueItem, ZMailQueueQuery } from '@lms/contracts/mail';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { cancelMail, getMail, listMailQueue, retryMail } from './mail.service';

/** The mail queue screen (spec section 2 "/content/mail-queue"): list, one mail with its attempts, retry, cancel. */
export const mailQueueRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const access = 'content.manage' as const;

  app.get(
    '/api/mail-queue',
    { schema: { querystring: ZMailQueueQuery, response: { 200: pageOf(ZMailQueueItem) } }, config: { access } },
    (req) => listMailQueue(deps, actorOf(req), req.query),
  );

  app.get(
    '/api/mail-queue/:id',
    { schema: { params: ZIdParams, response: { 200: ZMailDetail } }, config: { access } },
    (req) => getMail(deps, actorOf(req), req.params.id),
  );

  app.post(
    '/api/mail-queue/:id/retry',
    { schema: { params: ZIdParams, response: { 200: ZMailDetail } }, config: { access } },
    (req) => retryMail(deps, actorOf(req), req.params.id),
  );

  app.post(
    '/api/mail-queue/:id/cancel',
    { schema: { params: ZIdParams, response: { 200: ZMailDetail } }, config: { access } },
    (req) => cancelMail(deps, actorOf(req), req.params.id),
  );
  await Promise.resolve();
};
