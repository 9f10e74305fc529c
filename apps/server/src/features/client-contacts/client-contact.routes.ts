import {
  ZClientContact,
  ZClientContactList,
  ZClientContactQuery,
  ZCreateClientContactBody,
  ZSaveClientContactBody,
} from '@lms/contracts/client-contacts';
import { ZIdParams, ZOk } from '@lms/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import {
  createClientContact,
  listClientContacts,
  removeClientContact,
  updateClientContact,
} from './client-contact.service';

/** Spec section 7 "CRUD /client-contact": the client is named by the query or body, or by the contact's id. */
export const clientContactRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const access = 'clients.administer' as const;

  app.get(
    '/api/client-contact',
    { schema: { querystring: ZClientContactQuery, response: { 200: ZClientContactList } }, config: { access } },
    (req) => listClientContacts(deps, actorOf(req), req.query.clientId),
  );

  app.post(
    '/api/client-contact',
    { schema: { body: ZCreateClientContactBody, response: { 200: ZClientContact } }, config: { access } },
    (req) => createClientContact(deps, actorOf(req), req.body),
  );

  app.post(
    '/api/client-contact/:id',
    {
      schema: { params: ZIdParams, body: ZSaveClientContactBody, response: { 200: ZClientContact } },
      config: { access },
    },
    (req) => updateClientContact(deps, actorOf(req), req.params.id, req.body),
  );

  app.delete(
    '/api/client-contact/:id',
    { schema: { params: ZIdParams, response: { 200: ZOk } }, config: { access } },
    async (req) => {
      await removeClientContact(deps, actorOf(req), req.params.id);
      return { ok: true as const };
    },
  );
  await Promise.resolve();
};
