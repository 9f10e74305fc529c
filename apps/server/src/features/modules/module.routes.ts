import fastifyMultipart from '@fastify/multipart';
import { ZOk } from '@lms/contracts/common';
import { ZCourseChildParams, ZCourseIdParams } from '@lms/contracts/courses';
import { PDF_MAX_BYTES, ZModule, ZModuleBody, ZModuleList, ZModuleOrderBody } from '@lms/contracts/modules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { uploadReader } from '../../platform/uploads';
import { SCORM_MAX_UPLOAD_BYTES } from '../scorm';
import { createModule, deleteModule, reorderModules, updateModule } from './module.service';

const access = 'content.manage' as const;

/**
 * Spec section 7: `POST /courses/{courseId}/modules[/{id}]` (multipart: `data` JSON and a `file` part, a SCORM zip
 * or a PDF told apart by content), `DELETE ...`, `POST /courses/{courseId}/modules/all/order`.
 */
export const moduleRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  await app.register(fastifyMultipart);
  const readUpload = uploadReader({
    schema: ZModuleBody,
    // The zip cap is the larger; a PDF over its own cap is refused after sniffing (module-package).
    fileLimits: { file: Math.max(SCORM_MAX_UPLOAD_BYTES, PDF_MAX_BYTES) },
    dataDir: deps.config.dataDir,
  });

  app.post(
    '/api/courses/:courseId/modules',
    {
      schema: { params: ZCourseIdParams, response: { 200: ZModule } },
      config: { access, openapi: readUpload.openapi },
    },
    (req) => createModule(deps, actorOf(req), req.params.courseId, readUpload(req)),
  );

  app.post(
    '/api/courses/:courseId/modules/:id',
    {
      schema: { params: ZCourseChildParams, response: { 200: ZModule } },
      config: { access, openapi: readUpload.openapi },
    },
    (req) => updateModule(deps, actorOf(req), req.params.courseId, req.params.id, readUpload(req)),
  );

  app.delete(
    '/api/courses/:courseId/modules/:id',
    { schema: { params: ZCourseChildParams, response: { 200: ZOk } }, config: { access } },
    async (req) => {
      await deleteModule(deps, actorOf(req), req.params.courseId, req.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/courses/:courseId/modules/all/order',
    {
      schema: { params: ZCourseIdParams, body: ZModuleOrderBody, response: { 200: ZModuleList } },
      config: { access },
    },
    (req) => reorderModules(deps, actorOf(req), req.params.courseId, req.body.moduleIds),
  );
};
