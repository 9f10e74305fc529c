import { ZIdParams, ZOk } from '@lms/contracts/common';
import {
  ZMarkAllReadBody,
  ZMessage,
  ZMessageListQuery,
  ZMessagePage,
  ZRecipientList,
  ZRecipientQuery,
  ZSendPrivateMessageBody,
  ZSendSystemMessageBody,
  ZUnreadCount,
} from '@lms/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { RATE_LIMITED } from '../../platform/openapi';
import { REQUEST_LIMITS, requestLimit } from '../../platform/request-limits';
import {
  findRecipients,
  listMessages,
  markAllRead,
  markRead,
  sendPrivateMessage,
  sendSystemMessage,
  unreadCount,
} from './message.service';

/**
 * Issue 14, point 3 (spec section 7: "calls for messages: not shown"). Every signed-in user reads and writes
 * private messages (PERMISSIONS.md "messages: own"); system messages need messages.system.
 */
export const messageRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const access = 'learner.use' as const;
  const ok = { ok: true as const };
  const privateMessageLimit = requestLimit(deps.db, REQUEST_LIMITS.privateMessage);

  app.get(
    '/api/messages',
    { schema: { querystring: ZMessageListQuery, response: { 200: ZMessagePage } }, config: { access } },
    (req) => listMessages(deps, actorOf(req), req.query),
  );

  app.get('/api/messages/unread-count', { schema: { response: { 200: ZUnreadCount } }, config: { access } }, (req) =>
    unreadCount(deps, actorOf(req)),
  );

  app.get(
    '/api/messages/recipients',
    { schema: { querystring: ZRecipientQuery, response: { 200: ZRecipientList } }, config: { access } },
    (req) => findRecipients(deps, actorOf(req), req.query.search),
  );

  app.post(
    '/api/messages/private',
    {
      schema: { body: ZSendPrivateMessageBody, response: { 200: ZMessage } },
      config: { access, openapi: RATE_LIMITED },
    },
    async (req) => {
      await privateMessageLimit(actorOf(req).userId);
      return sendPrivateMessage(deps, actorOf(req), req.body);
    },
  );

  app.post(
    '/api/messages/system',
    {
      schema: { body: ZSendSystemMessageBody, response: { 200: ZMessage } },
      config: { access: 'messages.system' as const },
    },
    (req) => sendSystemMessage(deps, actorOf(req), req.body),
  );

  app.post(
    '/api/messages/read-all',
    { schema: { body: ZMarkAllReadBody, response: { 200: ZOk } }, config: { access } },
    async (req) => {
      await markAllRead(deps, actorOf(req), req.body.box);
      return ok;
    },
  );

  app.post(
    '/api/messages/:id/read',
    { schema: { params: ZIdParams, response: { 200: ZOk } }, config: { access } },
    async (req) => {
      await markRead(deps, actorOf(req), req.params.id);
      return ok;
    },
  );
  await Promise.resolve();
};
