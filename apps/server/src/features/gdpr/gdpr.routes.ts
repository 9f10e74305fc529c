import { ZIdParams } from '@lms/contracts/common';
import { ZGdprEraseBody, ZGdprErasure, ZGdprExport, ZGdprExportList } from '@lms/contracts/gdpr';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { fileAnswer } from '../../platform/openapi';
import { eraseUser } from './gdpr-erase.service';
import { listOwnExports, listUserExports, openExport, requestOwnExport, requestUserExport } from './gdpr.service';

/** RFC 6266 with an RFC 5987 UTF-8 name (the name is ours, ASCII, but the rule is the same everywhere). */
const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * Issue 30 point 4: GDPR requests. A person's own export under /api/gdpr (every signed-in role has one); an admin's
 * requests for another person under /api/users/{id} with the capability `users.gdpr`.
 */
export const gdprRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const own = { access: 'learner.use' as const };
  const admin = { access: 'users.gdpr' as const };

  app.get('/api/gdpr/exports', { schema: { response: { 200: ZGdprExportList } }, config: own }, (req) =>
    listOwnExports(deps, actorOf(req)),
  );
  app.post('/api/gdpr/exports', { schema: { response: { 200: ZGdprExport } }, config: own }, (req) =>
    requestOwnExport(deps, actorOf(req)),
  );
  app.get(
    '/api/gdpr/exports/:id/download',
    { schema: { params: ZIdParams }, config: { ...own, openapi: fileAnswer(['application/zip'], 'The export.') } },
    async (req, reply) => {
      const file = await openExport(deps, actorOf(req), req.params.id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', file.size)
        .header('content-disposition', attachment(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );

  app.get(
    '/api/users/:id/gdpr-exports',
    { schema: { params: ZIdParams, response: { 200: ZGdprExportList } }, config: admin },
    (req) => listUserExports(deps, actorOf(req), req.params.id),
  );
  app.post(
    '/api/users/:id/gdpr-exports',
    { schema: { params: ZIdParams, response: { 200: ZGdprExport } }, config: admin },
    (req) => requestUserExport(deps, actorOf(req), req.params.id),
  );
  app.post(
    '/api/users/:id/erase',
    {
      schema: { params: ZIdParams, body: ZGdprEraseBody, response: { 200: ZGdprErasure } },
      config: { ...admin, openapi: { errors: { 400: ['cannot_delete_self', 'higher_rank'] } } },
    },
    (req) => eraseUser(deps, actorOf(req), req.params.id),
  );
  await Promise.resolve();
};
