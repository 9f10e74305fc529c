import {
  CERTIFICATE_BACKGROUND_MAX_BYTES,
  CERTIFICATE_SIGNATURE_MAX_BYTES,
  ZCertificateDesignBody,
  ZCertificatePreviewBody,
  ZCertificateSignatureParams,
  ZCertificateTemplate,
  ZCertificateTemplateListItem,
  ZCertificateTemplateListQuery,
  ZCertificateTemplateLocaleParams,
  ZCreateCertificateTemplateBody,
  ZUpdateCertificateTemplateBody,
} from '@lms/contracts/certificates';
import { ZIdParams } from '@lms/contracts/common';
import { z } from 'zod';
import { actorOf } from '../../../platform/access';
import { fileAnswer } from '../../../platform/openapi';
import { uploadReader } from '../../../platform/uploads';
import { TEMPLATE_ACCESS as access, templateRoutes } from '../template.routes';
import { previewTemplate } from '../template.service';
import { removeBackground, uploadBackground } from './certificate-background';
import { removeSignature, saveCertificateDesign, uploadSignature } from './certificate-design';
import { certificatePreviewer, certificateTemplates } from './certificate-template.service';

/** Spec section 7 "CRUD /certificate-template" and "POST /certificate-template/{id}/file/{locale}" (content area). */
export const certificateTemplateRoutes = templateRoutes({
  path: '/api/certificate-template',
  kind: certificateTemplates,
  schemas: {
    listQuery: ZCertificateTemplateListQuery,
    listItem: ZCertificateTemplateListItem,
    create: ZCreateCertificateTemplateBody,
    update: ZUpdateCertificateTemplateBody,
    template: ZCertificateTemplate,
  },
  newTemplate: (body) => ({ variant: 'certificate', name: body.name, locales: body.locales }),
  more(app, deps) {
    const readUpload = uploadReader({
      schema: z.unknown(),
      fileLimits: { file: CERTIFICATE_BACKGROUND_MAX_BYTES },
      dataDir: deps.config.dataDir,
    });

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
        const pdf = await previewTemplate(deps, actorOf(req), certificateTemplates, certificatePreviewer, {
          id,
          locale,
          draft: req.body,
          context: { clientId: actorOf(req).clientId, templateId: id },
        });
        return reply
          .header('content-type', 'application/pdf')
          .header('x-page-size', `${Math.round(pdf.width)}x${Math.round(pdf.height)}`)
          .header('content-disposition', `inline; filename="preview-${locale}.pdf"`)
          .header('cache-control', 'private, no-store')
          .send(Buffer.from(pdf.bytes));
      },
    );

    // Issue 32 point 2: the look (design, orientation, signatories) and the signatures' images.
    app.post(
      '/api/certificate-template/:id/design',
      {
        schema: { params: ZIdParams, body: ZCertificateDesignBody, response: { 200: ZCertificateTemplate } },
        config: { access },
      },
      (req) => saveCertificateDesign(deps, actorOf(req), req.params.id, req.body),
    );

    const readSignature = uploadReader({
      schema: z.unknown(),
      fileLimits: { file: CERTIFICATE_SIGNATURE_MAX_BYTES },
      dataDir: deps.config.dataDir,
    });
    app.post(
      '/api/certificate-template/:id/signature/:slot',
      {
        schema: { params: ZCertificateSignatureParams, response: { 200: ZCertificateTemplate } },
        config: { access, openapi: readSignature.openapi },
      },
      (req) => uploadSignature(deps, actorOf(req), req.params.id, req.params.slot, readSignature(req)),
    );
    app.delete(
      '/api/certificate-template/:id/signature/:slot',
      {
        schema: { params: ZCertificateSignatureParams, response: { 200: ZCertificateTemplate } },
        config: { access },
      },
      (req) => removeSignature(deps, actorOf(req), req.params.id, req.params.slot),
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
  },
});
