import { ZIdParams } from '@lms/contracts/common';
import {
  ZBulkBody,
  ZBulkResult,
  ZCompanyList,
  ZCreateUserBody,
  ZDeleteUsersBody,
  ZSetActiveBody,
  ZUpdateUserBody,
  ZUser,
  ZUserExportQuery,
  ZUserList,
  ZUserListQuery,
  ZUserPage,
} from '@lms/contracts/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { fileAnswer } from '../../platform/openapi';
import { sendJsonText } from '../../platform/short-cache';
import { CONTENT_TYPES, sendTable } from '../../platform/table-export';
import { exportSearchUsers } from './user-export';
import { runBulkAction } from './user-bulk.service';
import { deleteUsers, setActiveAndList } from './user-status.service';
import { userPageJson } from './user-page-cache';
import { createUser, getUser, listClientCompanies, updateUser } from './user.service';

const ZDeleted = z.object({ deleted: z.number().int() });

const exportName = () => `users-${new Date().toISOString().slice(0, 10)}`;

/** Spec section 7 "users" calls; every one in the coordination capability, creation in its own. */
export const userRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const coordination = { access: 'coordination.manage' as const };

  app.get(
    '/api/users',
    { schema: { querystring: ZUserListQuery, response: { 200: ZUserPage } }, config: coordination },
    async (req, reply) => sendJsonText(reply, await userPageJson(deps, actorOf(req), req.query)),
  );

  const file = {
    ...coordination,
    openapi: fileAnswer([CONTENT_TYPES.xlsx, 'text/csv'], 'The users found, as XLSX or CSV.'),
  };
  app.get('/api/users/export', { schema: { querystring: ZUserExportQuery }, config: file }, async (req, reply) =>
    sendTable(reply, req.query.format, exportName(), await exportSearchUsers(deps, actorOf(req), req.query)),
  );

  app.get('/api/users/companies', { schema: { response: { 200: ZCompanyList } }, config: coordination }, (req) =>
    listClientCompanies(deps, actorOf(req)),
  );

  app.get('/api/users/:id', { schema: { params: ZIdParams, response: { 200: ZUser } }, config: coordination }, (req) =>
    getUser(deps, actorOf(req), req.params.id),
  );

  app.post(
    '/api/users',
    { schema: { body: ZCreateUserBody, response: { 200: ZUser } }, config: { access: 'users.create' } },
    (req) => createUser(deps, req.tenant, actorOf(req), req.body),
  );

  const bulk = {
    ...coordination,
    openapi: {
      responses: {
        200: {
          description: 'The outcome, or the export as CSV or XLSX.',
          content: { 'application/json': ZBulkResult, 'text/csv': null, [CONTENT_TYPES.xlsx]: null },
        },
      },
    },
  };
  app.post('/api/users/bulk', { schema: { body: ZBulkBody }, config: bulk }, async (req, reply) => {
    const outcome = await runBulkAction(deps, req.tenant, actorOf(req), req.body);
    if (outcome.kind === 'export') return sendTable(reply, outcome.format, exportName(), outcome.table);
    return ZBulkResult.parse(outcome.result);
  });

  app.post(
    '/api/users/active',
    { schema: { body: ZSetActiveBody, response: { 200: ZUserList } }, config: coordination },
    async (req) => ({ items: await setActiveAndList(deps, actorOf(req), req.body.ids, req.body.active) }),
  );

  app.post(
    '/api/users/:id',
    { schema: { params: ZIdParams, body: ZUpdateUserBody, response: { 200: ZUser } }, config: coordination },
    (req) => updateUser(deps, req.tenant, actorOf(req), req.params.id, req.body),
  );

  app.delete(
    '/api/users/:id',
    { schema: { params: ZIdParams, response: { 200: ZDeleted } }, config: coordination },
    async (req) => ({ deleted: await deleteUsers(deps, actorOf(req), [req.params.id]) }),
  );

  // "DELETE /users/ with ids as parameter": the ids travel in the body (500 ids would overflow a URL).
  for (const url of ['/api/users', '/api/users/']) {
    app.delete(
      url,
      { schema: { body: ZDeleteUsersBody, response: { 200: ZDeleted } }, config: coordination },
      async (req) => ({ deleted: await deleteUsers(deps, actorOf(req), req.body.ids) }),
    );
  }
  await Promise.resolve();
};
