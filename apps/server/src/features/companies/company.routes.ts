import { ZIdParams, ZOk } from '@lms/contracts/common';
import {
  ZCompany,
  ZCompanyPage,
  ZCompanyQuery,
  ZCreateCompanyBody,
  ZRenameCompanyBody,
} from '@lms/contracts/companies';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { createCompany, listCompaniesOfClient, removeCompany, renameCompanyOfClient } from './company.service';

/** Spec section 7 "CRUD /company": the client is named by the query or body, or by the company's id. */
export const companyRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const access = 'clients.administer' as const;

  app.get(
    '/api/company',
    { schema: { querystring: ZCompanyQuery, response: { 200: ZCompanyPage } }, config: { access } },
    (req) => listCompaniesOfClient(deps, actorOf(req), req.query),
  );

  app.post(
    '/api/company',
    { schema: { body: ZCreateCompanyBody, response: { 200: ZCompany } }, config: { access } },
    (req) => createCompany(deps, actorOf(req), req.body),
  );

  app.post(
    '/api/company/:id',
    { schema: { params: ZIdParams, body: ZRenameCompanyBody, response: { 200: ZCompany } }, config: { access } },
    (req) => renameCompanyOfClient(deps, actorOf(req), req.params.id, req.body),
  );

  app.delete(
    '/api/company/:id',
    { schema: { params: ZIdParams, response: { 200: ZOk } }, config: { access } },
    async (req) => {
      await removeCompany(deps, actorOf(req), req.params.id);
      return { ok: true as const };
    },
  );
  await Promise.resolve();
};
