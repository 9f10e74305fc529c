import { ZIdParams, ZOk } from '@lms/contracts/common';
import { ZGroupBody, ZGroupDetail, ZGroupListQuery, ZGroupPage, ZGroupUpdateBody } from '@lms/contracts/groups';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { createGroup, deleteGroup, getGroup, listGroups, updateGroup } from './group.service';

/** Spec section 7: GET /groups; POST /groups[/{id}]; DELETE /groups/{id}. */
export const groupRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const config = { access: 'coordination.manage' as const };

  app.get('/api/groups', { schema: { querystring: ZGroupListQuery, response: { 200: ZGroupPage } }, config }, (req) =>
    listGroups(deps, actorOf(req), req.query),
  );

  app.get('/api/groups/:id', { schema: { params: ZIdParams, response: { 200: ZGroupDetail } }, config }, (req) =>
    getGroup(deps, actorOf(req), req.params.id),
  );

  app.post('/api/groups', { schema: { body: ZGroupBody, response: { 200: ZGroupDetail } }, config }, (req) =>
    createGroup(deps, actorOf(req), req.body),
  );

  app.post(
    '/api/groups/:id',
    { schema: { params: ZIdParams, body: ZGroupUpdateBody, response: { 200: ZGroupDetail } }, config },
    (req) => updateGroup(deps, actorOf(req), req.params.id, req.body),
  );

  app.delete('/api/groups/:id', { schema: { params: ZIdParams, response: { 200: ZOk } }, config }, async (req) => {
    await deleteGroup(deps, actorOf(req), req.params.id);
    return { ok: true as const };
  });
  await Promise.resolve();
};
