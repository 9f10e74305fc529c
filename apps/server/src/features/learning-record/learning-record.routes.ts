import { ZLearningRecord, ZRecordParams, ZRecordQuery } from '@lms/contracts/learning-record';
import type { TRecordFormat } from '@lms/contracts/exports';
import type { TLearningRecord } from '@lms/contracts/learning-record';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import type { RouteDoc } from '../../platform/openapi';
import { CONTENT_TYPES, sendTable } from '../../platform/table-export';
import { getLearningRecord, getOwnLearningRecord } from './learning-record.service';
import { recordFileBase, renderRecordPdf } from './record-pdf';
import { recordTable } from './record-table';

const doc: RouteDoc = {
  responses: {
    200: {
      description: 'The learning record as JSON, or (with `format`) as a PDF, XLSX or CSV file.',
      content: {
        'application/json': ZLearningRecord,
        'application/pdf': null,
        [CONTENT_TYPES.xlsx]: null,
        'text/csv': null,
      },
    },
  },
};

/** The record as asked: JSON, or a download named after the person (issue 31 point 2). */
async function answer(reply: FastifyReply, record: TLearningRecord, format: TRecordFormat | undefined, locale: string) {
  if (!format) return ZLearningRecord.parse(record);
  const base = recordFileBase(record, locale);
  if (format === 'pdf')
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${base}.pdf"`)
      .header('cache-control', 'no-store')
      .send(Buffer.from(await renderRecordPdf(record, locale)));
  return sendTable(reply, format, base, recordTable(record, locale));
}

/**
 * `GET /api/reports/records/{userId}` for the readers of reports (a coordinator: their groups' users; the reseller
 * roles: their resold clients' too, read only) and `GET /api/account/learning-record` for the person themself.
 */
export const learningRecordRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/api/reports/records/:userId',
    { schema: { params: ZRecordParams, querystring: ZRecordQuery }, config: { access: 'reports.read', openapi: doc } },
    async (req, reply) => {
      const actor = actorOf(req);
      return answer(reply, await getLearningRecord(deps, actor, req.params.userId), req.query.format, actor.locale);
    },
  );

  app.get(
    '/api/account/learning-record',
    { schema: { querystring: ZRecordQuery }, config: { access: 'learner.use', openapi: doc } },
    async (req, reply) => {
      const actor = actorOf(req);
      return answer(reply, await getOwnLearningRecord(deps, actor), req.query.format, actor.locale);
    },
  );
  await Promise.resolve();
};
