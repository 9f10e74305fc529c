import { ZIdParams } from '@lms/contracts/common';
import { MAIL_TEMPLATE_HTML_MAX_BYTES } from '@lms/contracts/constants';
import {
  ZCreateMailTemplateBody,
  ZMailTemplate,
  ZMailTemplateFileParams,
  ZMailTemplateListItem,
  ZMailTemplateListQuery,
  ZMailTemplatePreview,
  ZMailTemplatePreviewBody,
  ZUpdateMailTemplateBody,
} from '@lms/contracts/mail-templates';
import { actorOf } from '../../../platform/access';
import { badRequest } from '../../../platform/errors';
import { fileUploadDoc } from '../../../platform/uploads';
import { TEMPLATE_ACCESS as access, templateRoutes } from '../template.routes';
import { previewTemplate } from '../template.service';
import { removeTemplateFile, uploadTemplateFile } from './mail-template-file';
import { mailPreviewer, mailTemplates } from './mail-template.service';

/** Spec section 7 "CRUD /mail-template" and "POST /mail-template/{id}/file/{locale}" (content area). */
export const mailTemplateRoutes = templateRoutes({
  path: '/api/mail-template',
  kind: mailTemplates,
  schemas: {
    listQuery: ZMailTemplateListQuery,
    listItem: ZMailTemplateListItem,
    create: ZCreateMailTemplateBody,
    update: ZUpdateMailTemplateBody,
    template: ZMailTemplate,
  },
  newTemplate: (body) => ({ variant: body.kind, name: body.name, locales: body.locales }),
  more(app, deps) {
    app.post(
      '/api/mail-template/:id/preview',
      {
        schema: { params: ZIdParams, body: ZMailTemplatePreviewBody, response: { 200: ZMailTemplatePreview } },
        config: { access },
      },
      (req) =>
        previewTemplate(deps, actorOf(req), mailTemplates, mailPreviewer, {
          id: req.params.id,
          locale: req.body.locale,
          draft: req.body,
          context: req.tenant,
        }),
    );

    app.post(
      '/api/mail-template/:id/file/:locale',
      {
        schema: { params: ZMailTemplateFileParams, response: { 200: ZMailTemplate } },
        config: { access, openapi: fileUploadDoc(MAIL_TEMPLATE_HTML_MAX_BYTES) },
      },
      async (req) => {
        if (!req.isMultipart()) return badRequest('upload_failed', { reason: 'expected multipart/form-data' });
        const part = await req.file({ limits: { fileSize: MAIL_TEMPLATE_HTML_MAX_BYTES, files: 1 } });
        if (!part) return badRequest('upload_failed', { reason: 'no file' });
        const data = await part.toBuffer();
        return uploadTemplateFile(deps, actorOf(req), req.params.id, req.params.locale, {
          filename: part.filename,
          mimetype: part.mimetype,
          data,
        });
      },
    );

    app.delete(
      '/api/mail-template/:id/file/:locale',
      { schema: { params: ZMailTemplateFileParams, response: { 200: ZMailTemplate } }, config: { access } },
      (req) => removeTemplateFile(deps, actorOf(req), req.params.id, req.params.locale),
    );
  },
});
