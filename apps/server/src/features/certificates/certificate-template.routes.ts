import multipart from '@fastify/multipart';
import {
  CERTIFICATE_BACKGROUND_MAX_BYTES,
  ZCertificatePreviewBody,
  ZCertificateTemplate,
  ZCertificateTemplateListItem,
  ZCertificateTemplateListQuery,
  ZCertificateTemplateLocaleParams,
  ZCreateCertificateTemplateBody,
  ZUpdateCertificateTemplateBody,
} from '@lms/contracts/certificates';
import { ZIdParams, ZOk, pageOf } from '@lms/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { fileAnswer } from '../../platform/openapi';
import { uploadReader } from '../../platform/uploads';
import { removeBackground, uploadBackground } from './certificate-background';
import {
  createTemplate,
  getTemplate,
  listTemplates,
  previewTemplate,
  removeTemplate,
  updateTemplate,
} from './certificate-template.service';

/** Spec section 7 "CRUD /certificate-template" and "POST /certificate-template/{id}/file/{locale}" (content area). */
export const certificateTemplateRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const access = 'content.manage' as const;
  // Another feature may have registered multipart for the whole app already.
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
  const readUpload = uploadReader({
    schema: z.unknown(),
    fileLimits: { file: CERTIFICATE_BACKGROUND_MAX_BYTES },
    dataDir: deps.config.dataDir,
  });

  app.get(
    '/api/certificate-template',
    {
      schema: { querystring: ZCertificateTemplateListQuery, response: { 200: pageOf(ZCertificateTemplateListItem) } },
      config: { access },
    },
    (req) => listTemplates(deps, actorOf(req), req.query),
  );

  app.post(
    '/api/certificate-template',
    { schema: { body: ZCreateCertificateTemplateBody, response: { 200: ZCertificateTemplate } }, config: { access } },
    (req) => createTemplate(deps, actorOf(req), req.body),
  );

  app.get(
    '/api/certificate-template/:id',
    { schema: { params: ZIdParams, response: { 200: ZCertificateTemplate } }, config: { access } },
    (req) => getTemplate(deps, actorOf(req), req.params.id),
  );

  app.post(
    '/api/certificate-template/:id',
    {
      schema: { params: ZIdParams, body: ZUpdateCertificateTemplateBody, response: { 200: ZCertificateTemplate } },
      config: { access },
    },
    (req) => updateTemplate(deps, actorOf(req), req.params.id, req.body),
  );

  app.delete(
    '/api/certificate-template/:id',
    { schema: { params: ZIdParams, response: { 200: ZOk } }, config: { access } },
    async (req) => {
      await removeTemplate(deps, actorOf(req), req.params.id);
      return { ok: true as const };
    },
  );

  // The preview answers the PDF itself, which the screen shows in a frame sized by the page (x-page-size, points).
  app.post(
    '/api/certificate-template/:id/preview/:locale',
    {
      schema: { params: ZCertificateTemplateLocaleParams, body: ZCertificatePreviewBody },
      config: {
        access,
        openapi: fileAnswer(['application/pdf'], 'The preview; `x-page-size` gives its size in points.'),
      },
    },
    async (req, reply) => {
      const { id, locale } = req.params;
      const pdf = await previewTemplate(deps, actorOf(req), id, locale, req.body);
      return reply
        .header('content-type', 'application/pdf')
        .header('x-page-size', `${Math.round(pdf.width)}x${Math.round(pdf.height)}`)
        .header('content-disposition', `inline; filename="preview-${locale}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf.bytes));
    },
  );

  app.post(
    '/api/certificate-template/:id/file/:locale',
    {
      schema: { params: ZCertificateTemplateLocaleParams, response: { 200: ZCertificateTemplate } },
      config: { access, openapi: readUpload.openapi },
    },
    (req) => uploadBackground(deps, actorOf(req), req.params.id, req.params.locale, readUpload(req)),
  );

  app.delete(
    '/api/certificate-template/:id/file/:locale',
    {
      schema: { params: ZCertificateTemplateLocaleParams, response: { 200: ZCertificateTemplate } },
      config: { access },
    },
    (req) => removeBackground(deps, actorOf(req), req.params.id, req.params.locale),
  );
};
