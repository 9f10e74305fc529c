import {
  ZAttentionExportQuery,
  ZAttentionPage,
  ZAttentionQuery,
  ZAttentionRemindBody,
  ZAttentionRemindResult,
  ZCompliance,
  ZComplianceExportQuery,
  ZComplianceQuery,
  ZReportChoices,
  ZReportChoicesQuery,
} from '@lms/contracts/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { fileAnswer } from '../../platform/openapi';
import { CONTENT_TYPES, sendTable } from '../../platform/table-export';
import { getAttention, remindFromAttention } from './attention.service';
import { getCompliance } from './compliance.service';
import { exportAttention, exportCompliance } from './report-export';
import { getReportChoices } from './report-scope';

/** The reports (issue 31 point 2): the compliance overview, the attention list and its reminders. */
export const reportsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = (app, { deps }) => {
  const read = { access: 'reports.read' as const };
  app.get(
    '/api/reports/compliance',
    { schema: { querystring: ZComplianceQuery, response: { 200: ZCompliance } }, config: read },
    (req) => getCompliance(deps, actorOf(req), req.query),
  );
  app.get(
    '/api/reports/choices',
    { schema: { querystring: ZReportChoicesQuery, response: { 200: ZReportChoices } }, config: read },
    (req) => getReportChoices(deps, actorOf(req), req.query),
  );
  app.get(
    '/api/reports/attention',
    { schema: { querystring: ZAttentionQuery, response: { 200: ZAttentionPage } }, config: read },
    (req) => getAttention(deps, actorOf(req), req.query),
  );
  // The two lists as XLSX or CSV, with the screens' filters (issue 31 point 3).
  const file = (what: string) => ({
    ...read,
    openapi: fileAnswer([CONTENT_TYPES.xlsx, 'text/csv'], `${what}, as XLSX or CSV.`),
  });
  const today = () => new Date().toISOString().slice(0, 10);
  app.get(
    '/api/reports/compliance/export',
    { schema: { querystring: ZComplianceExportQuery }, config: file('The compliance overview') },
    async (req, reply) => {
      const { format, ...query } = req.query;
      const table = await exportCompliance(deps, actorOf(req), query);
      return sendTable(reply, format, `compliance-${today()}`, table);
    },
  );
  app.get(
    '/api/reports/attention/export',
    { schema: { querystring: ZAttentionExportQuery }, config: file('The overdue and expiring list') },
    async (req, reply) => {
      const { format, ...query } = req.query;
      const table = await exportAttention(deps, actorOf(req), query);
      return sendTable(reply, format, `attention-${query.state}-${today()}`, table);
    },
  );
  app.post(
    '/api/reports/attention/remind',
    {
      schema: { body: ZAttentionRemindBody, response: { 200: ZAttentionRemindResult } },
      config: { access: 'reports.remind' as const },
    },
    (req) => remindFromAttention(deps, actorOf(req), req.body),
  );
  return Promise.resolve();
};
