import fastifyMultipart from '@fastify/multipart';
import { ZIdParams } from '@lms/contracts/common';
import { USER_IMPORT_MAX_BYTES } from '@lms/contracts/constants';
import { ZImportMappingBody, ZImportPreview, ZImportRunBody, ZImportStatus } from '@lms/contracts/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { fileAnswer } from '../../platform/openapi';
import { fileUploadDoc } from '../../platform/uploads';
import { badRequest } from '../../platform/errors';
import { importReport, importStatus, previewImport, startImport, uploadImport } from './user-import.service';

/** CSV import: upload -> preview (and again with a chosen mapping) -> run as a job -> status and report. */
export const userImportRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  await app.register(fastifyMultipart, { limits: { fileSize: USER_IMPORT_MAX_BYTES, files: 1, fields: 5 } });
  const config = { access: 'users.create' as const };

  const upload = { ...config, openapi: fileUploadDoc(USER_IMPORT_MAX_BYTES) };
  app.post('/api/users/import', { schema: { response: { 200: ZImportPreview } }, config: upload }, async (req) => {
    const file = await req.file();
    if (!file) return badRequest('upload_failed');
    const bytes = await file.toBuffer();
    return uploadImport(deps, actorOf(req), req.tenant.minPasswordLength, { name: file.filename, bytes });
  });

  app.post(
    '/api/users/import/:id/preview',
    { schema: { params: ZIdParams, body: ZImportMappingBody, response: { 200: ZImportPreview } }, config },
    (req) => previewImport(deps, actorOf(req), req.tenant.minPasswordLength, req.params.id, req.body.mapping),
  );

  app.post(
    '/api/users/import/:id/run',
    { schema: { params: ZIdParams, body: ZImportRunBody, response: { 200: ZImportStatus } }, config },
    (req) => startImport(deps, actorOf(req), req.params.id, req.body),
  );

  app.get('/api/users/import/:id', { schema: { params: ZIdParams, response: { 200: ZImportStatus } }, config }, (req) =>
    importStatus(deps, actorOf(req), req.params.id),
  );

  const csv = { ...config, openapi: fileAnswer(['text/csv'], 'The report, one row per imported row.') };
  app.get('/api/users/import/:id/report', { schema: { params: ZIdParams }, config: csv }, async (req, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="import-report.csv"')
      .send(await importReport(deps, actorOf(req), req.params.id)),
  );
};
