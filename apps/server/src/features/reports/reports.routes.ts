import {
  ZAttentionPage,
  ZAttentionQuery,
  ZAttentionRemindBody,
  ZAttentionRemindResult,
  ZCompliance,
  ZComplianceQuery,
  ZReportChoices,
  ZReportChoicesQuery,
} from '@lms/contracts/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { getAttention, remindFromAttention } from './attention.service';
import { getCompliance } from './compliance.service';
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
