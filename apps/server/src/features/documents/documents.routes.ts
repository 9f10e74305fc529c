import {
  ZAllDocumentsPage,
  ZAllDocumentsQuery,
  ZDocumentFileParams,
  ZDocumentFileQuery,
  ZMyDocuments,
} from '@lms/contracts/documents';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { fileAnswer } from '../../platform/openapi';
import {
  documentFileTarget,
  listAllDocuments,
  listMyDocuments,
  openMyCourseFile,
  type DocumentFile,
} from './documents.service';

const FILE = fileAnswer(['*/*'], 'The file, of its own type.');

/** RFC 6266 with an RFC 5987 UTF-8 name, so "Prüfung" survives and no header can be injected. */
export const attachment = (name: string): string =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;

const sendFile = (reply: FastifyReply, file: DocumentFile) =>
  reply
    .header('content-type', file.contentType)
    .header('content-length', file.size)
    .header('content-disposition', attachment(file.fileName))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.stream);

/**
 * Spec section 2 "Documents" and section 7 "GET /users/allDocuments": my downloads and their download, the file
 * lookup of the download workaround, and the coordinators' list of all certificates.
 */
export const documentsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const learner = { access: 'learner.use' as const };

  app.get('/api/documents', { schema: { response: { 200: ZMyDocuments } }, config: learner }, (req) =>
    listMyDocuments(deps, actorOf(req)),
  );

  app.get(
    '/api/documents/:fileId/download',
    { schema: { params: ZDocumentFileParams }, config: { ...learner, openapi: FILE } },
    async (req, reply) => sendFile(reply, await openMyCourseFile(deps, actorOf(req), req.params.fileId)),
  );

  // The download workaround page asks for a file by kind and id. A course file is answered here; a certificate by
  // its own download (the certificates feature decides who may have it), to which this answers with a redirect that
  // the browser follows on the same origin with the same Authorization header.
  app.get(
    '/api/documents/file',
    {
      schema: { querystring: ZDocumentFileQuery },
      config: {
        ...learner,
        openapi: { responses: { ...FILE.responses, 307: { description: "A certificate: its download's address." } } },
      },
    },
    async (req, reply) => {
      const target = documentFileTarget(req.query);
      if (target.type === 'certificate')
        return reply.redirect(`/api/course-certificate/${encodeURIComponent(target.id)}/download`, 307);
      return sendFile(reply, await openMyCourseFile(deps, actorOf(req), target.id));
    },
  );

  app.get(
    '/api/users/allDocuments',
    {
      schema: { querystring: ZAllDocumentsQuery, response: { 200: ZAllDocumentsPage } },
      config: { access: 'coordination.manage' },
    },
    (req) => listAllDocuments(deps, actorOf(req), req.query),
  );
  await Promise.resolve();
};
