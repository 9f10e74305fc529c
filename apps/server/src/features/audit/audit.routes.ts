import {
  ZAuditClientParams,
  ZAuditFilter,
  ZAuditListQuery,
  ZAuditPage,
  ZAuditVerification,
} from '@lms/contracts/audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { actorOf } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { fileAnswer } from '../../platform/openapi';
import { exportAuditCsv, listAudit, verifyAudit } from './audit.service';

/** Issue 30 point 3: a client's audit trail for its ADMIN and the SUPERADMIN (PERMISSIONS.md "audit trail"). */
export const auditRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const access = 'audit.read' as const;

  app.get(
    '/api/client/:id/audit',
    {
      schema: { params: ZAuditClientParams, querystring: ZAuditListQuery, response: { 200: ZAuditPage } },
      config: { access },
    },
    (req) => listAudit(deps, actorOf(req), req.params.id, req.query),
  );

  app.post(
    '/api/client/:id/audit/verify',
    { schema: { params: ZAuditClientParams, response: { 200: ZAuditVerification } }, config: { access } },
    (req) => verifyAudit(deps, actorOf(req), req.params.id),
  );

  app.get(
    '/api/client/:id/audit/export',
    {
      schema: { params: ZAuditClientParams, querystring: ZAuditFilter },
      config: { access, openapi: fileAnswer(['text/csv'], 'The filtered audit trail as CSV (UTF-8 with BOM, `;`).') },
    },
    async (req, reply) => {
      const lines = await exportAuditCsv(deps, actorOf(req), req.params.id, req.query);
      const name = `audit-${new Date().toISOString().slice(0, 10)}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(Readable.from(lines));
    },
  );
  await Promise.resolve();
};
