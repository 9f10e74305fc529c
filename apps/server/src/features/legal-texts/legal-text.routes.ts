import multipart from '@fastify/multipart';
import {
  LEGAL_PDF_MAX_BYTES,
  LEGAL_TEXT_KINDS,
  ZClientLegalTexts,
  ZLegalTextKindParams,
  ZLegalTextsParams,
  ZResolvedLegalText,
  ZRichTextPreview,
  ZRichTextPreviewBody,
  ZSaveLegalTextBody,
} from '@lms/contracts/legal-texts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { fileAnswer } from '../../platform/openapi';
import { renderRichText } from '../../platform/rich-text';
import { uploadReader } from '../../platform/uploads';
import { resolveLegalText } from './legal-text.resolve';
import {
  getClientLegalTexts,
  openClientLegalPdf,
  openPublicLegalPdf,
  saveClientLegalText,
  uploadClientLegalPdf,
  type LegalPdfFile,
} from './legal-text.service';

const PDF_DOC = fileAnswer(['application/pdf'], 'The PDF.');

const inline = (name: string) =>
  `inline; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** A stored PDF, shown in the page (inline), never sniffed as anything else, with no script of its own. */
const sendPdf = (reply: FastifyReply, file: LegalPdfFile, cache: string) =>
  reply
    .type('application/pdf')
    .header('content-length', file.size)
    .header('content-disposition', inline(file.fileName))
    .header('cache-control', cache)
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(file.stream);

/** Issue "Clients and the reseller area" point 3: the public legal pages and their editor (spec section 2). */
export const legalTextRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const access = 'clients.administer' as const;
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
  const readUpload = uploadReader({
    schema: z.unknown(),
    fileLimits: { file: LEGAL_PDF_MAX_BYTES },
    dataDir: deps.config.dataDir,
  });

  // Public on the client's host, and open while a password change is pending (spec section 2).
  for (const kind of LEGAL_TEXT_KINDS) {
    app.get(
      `/api/client/${kind}`,
      {
        schema: { response: { 200: ZResolvedLegalText } },
        config: { access: 'public', allowWhilePasswordChange: true },
      },
      (req) => resolveLegalText(deps.db, req.tenant.id, kind),
    );
    app.get(
      `/api/client/${kind}/pdf`,
      { config: { access: 'public', allowWhilePasswordChange: true, openapi: PDF_DOC } },
      async (req, reply) => sendPdf(reply, await openPublicLegalPdf(deps, req.tenant.id, kind), 'public, max-age=60'),
    );
  }

  app.get(
    '/api/client/:id/legal-texts',
    { schema: { params: ZLegalTextsParams, response: { 200: ZClientLegalTexts } }, config: { access } },
    (req) => getClientLegalTexts(deps, actorOf(req), req.params.id),
  );

  app.post(
    '/api/client/:id/legal-texts/:kind',
    {
      schema: { params: ZLegalTextKindParams, body: ZSaveLegalTextBody, response: { 200: ZClientLegalTexts } },
      config: { access },
    },
    async (req) => {
      const saved = await saveClientLegalText(deps, actorOf(req), req.params.id, req.params.kind, req.body);
      app.tenants.forget(); // GET /api/client/current names the types
      return saved;
    },
  );

  app.post(
    '/api/client/:id/legal-texts/:kind/pdf',
    {
      schema: { params: ZLegalTextKindParams, response: { 200: ZClientLegalTexts } },
      config: { access, openapi: readUpload.openapi },
    },
    async (req) => {
      const saved = await uploadClientLegalPdf(deps, actorOf(req), req.params.id, req.params.kind, readUpload(req));
      app.tenants.forget();
      return saved;
    },
  );

  app.get(
    '/api/client/:id/legal-texts/:kind/pdf',
    { schema: { params: ZLegalTextKindParams }, config: { access, openapi: PDF_DOC } },
    async (req, reply) =>
      sendPdf(reply, await openClientLegalPdf(deps, actorOf(req), req.params.id, req.params.kind), 'private, no-store'),
  );

  // The editors' preview (legal texts here, FAQ and About too): exactly the HTML a reader would get.
  app.post(
    '/api/legal-texts/preview',
    { schema: { body: ZRichTextPreviewBody, response: { 200: ZRichTextPreview } }, config: { access } },
    (req) => ({ html: renderRichText(req.body.format, req.body.text) }),
  );
  await Promise.resolve();
};
