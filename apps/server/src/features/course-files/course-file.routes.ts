import fastifyMultipart from '@fastify/multipart';
import { ZOk } from '@lms/contracts/common';
import { COURSE_FILE_LOGO_MAX_BYTES, ZCourseFileBody } from '@lms/contracts/course-files';
import { ZCourseChildParams, ZCourseIdParams, ZCourseWithId } from '@lms/contracts/courses';
import { PDF_MAX_BYTES } from '@lms/contracts/modules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { fileAnswer } from '../../platform/openapi';
import { uploadReader } from '../../platform/uploads';
import { createCourseFile, deleteCourseFile, findCourseFileContent, updateCourseFile } from './course-file.service';

const access = 'content.manage' as const;

const ZPartParams = ZCourseChildParams.extend({ part: z.enum(['pdf', 'logo']) });

/** RFC 6266 with an RFC 5987 UTF-8 name, so umlauts survive and no header can be injected. */
const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** Spec section 7: `POST /courses/{courseId}/files[/{id}]` (multipart `data`, `pdf`, `logo`) answers course and id. */
export const courseFileRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  await app.register(fastifyMultipart);
  const readUpload = uploadReader({
    schema: ZCourseFileBody,
    fileLimits: { pdf: PDF_MAX_BYTES, logo: COURSE_FILE_LOGO_MAX_BYTES },
    dataDir: deps.config.dataDir,
  });

  const upload = { access, openapi: readUpload.openapi };
  app.post(
    '/api/courses/:courseId/files',
    { schema: { params: ZCourseIdParams, response: { 200: ZCourseWithId } }, config: upload },
    (req) => createCourseFile(deps, actorOf(req), req.params.courseId, readUpload(req)),
  );

  app.post(
    '/api/courses/:courseId/files/:id',
    { schema: { params: ZCourseChildParams, response: { 200: ZCourseWithId } }, config: upload },
    (req) => updateCourseFile(deps, actorOf(req), req.params.courseId, req.params.id, readUpload(req)),
  );

  app.delete(
    '/api/courses/:courseId/files/:id',
    { schema: { params: ZCourseChildParams, response: { 200: ZOk } }, config: { access } },
    async (req) => {
      await deleteCourseFile(deps, actorOf(req), req.params.courseId, req.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/courses/:courseId/files/:id/:part',
    { schema: { params: ZPartParams }, config: { access, openapi: fileAnswer(['application/pdf', 'image/*']) } },
    async (req, reply) => {
      const { courseId, id, part } = req.params;
      const file = await findCourseFileContent(deps, actorOf(req), courseId, id, part);
      return reply
        .header('content-type', file.mime)
        .header('content-disposition', attachment(file.fileName))
        .header('content-length', file.size)
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );
};
