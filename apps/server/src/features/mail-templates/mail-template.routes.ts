import multipart from '@fastify/multipart';
import { ZIdParams, ZOk, pageOf } from '@lms/contracts/common';
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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { fileUploadDoc } from '../../platform/uploads';
import { badRequest } from '../../platform/errors';
import { removeTemplateFile, uploadTemplateFile } from './mail-template-file';
import {
  createTemplate,
  getTemplate,
  listTemplates,
  previewTemplate,
  removeTemplate,
  updateTemplate,
} from './mail-template.service';

/** Spec section 7 "CRUD /mail-template" and "POST /mail-template/{id}/file/{locale}" (content area). */
export const mailTemplateRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const access = 'content.manage' as const;
  // Another feature may have registered multipart for the whole app already.
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);

  app.get(
    '/api/mail-template',
    {
      schema: { querystring: ZMailTemplateListQuery, response: { 200: pageOf(ZMailTemplateListItem) } },
      config: { access },
    },
    (req) => listTemplates(deps, actorOf(req), req.query),
  );

  app.post(
    '/api/mail-template',
    { schema: { body: ZCreateMailTemplateBody, response: { 200: ZMailTemplate } }, config: { access } },
    (req) => createTemplate(deps, actorOf(req), req.body),
  );

  app.get(
    '/api/mail-template/:id',
    { schema: { params: ZIdParams, response: { 200: ZMailTemplate } }, config: { access } },
    (req) => getTemplate(deps, actorOf(req), req.params.id),
  );

  app.post(
    '/api/mail-template/:id',
    {
      schema: { params: ZIdParams, body: ZUpdateMailTemplateBody, response: { 200: ZMailTemplate } },
      config: { access },
    },
    (req) => updateTemplate(deps, actorOf(req), req.params.id, req.body),
  );

  app.delete(
    '/api/mail-template/:id',
    { schema: { params: ZIdParams, response: { 200: ZOk } }, config: { access } },
    async (req) => {
      await removeTemplate(deps, actorOf(req), req.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/mail-template/:id/preview',
    {
      schema: { params: ZIdParams, body: ZMailTemplatePreviewBody, response: { 200: ZMailTemplatePreview } },
      config: { access },
    },
    (req) => previewTemplate(deps, actorOf(req), req.tenant, req.params.id, req.body),
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
};
