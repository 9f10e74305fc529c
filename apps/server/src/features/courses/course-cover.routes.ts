import multipart from '@fastify/multipart';
import { ZIdParams } from '@lms/contracts/common';
import { COVER_MAX_BYTES, ZCourse, ZCoverParams } from '@lms/contracts/courses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { fileAnswer } from '../../platform/openapi';
import { fileStore } from '../../platform/storage';
import { sendStored } from '../../platform/storage/send-stored';
import { uploadReader } from '../../platform/uploads';
import { findCourseCoverKey, removeCourseCover, uploadCourseCover } from './course-cover.service';

/**
 * A year, and never revalidated: the URL names one stored cover (its version), a new upload gets a new URL.
 * `private`: a shared cache keeps no tenant's picture.
 */
const COVER_CACHE = 'private, max-age=31536000, immutable';

/**
 * Issue 32 point 3: `POST` and `DELETE /api/courses/{id}/cover` (content masters), and the cover itself. The cover
 * is read by an <img> (lazily, from the browser's cache), which sends no session header: so, like the client's
 * logo, it needs no sign-in. The host decides the client (another client's course is not found) and the URL holds
 * the cover's own random id, a fresh one per upload: a cover is reachable only through a URL the course list,
 * the learner's trainings or the catalogue answered.
 */
export const courseCoverRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
  const readUpload = uploadReader({
    schema: z.unknown(),
    fileLimits: { file: COVER_MAX_BYTES },
    dataDir: deps.config.dataDir,
  });
  const access = 'content.manage' as const;

  app.post(
    '/api/courses/:id/cover',
    { schema: { params: ZIdParams, response: { 200: ZCourse } }, config: { access, openapi: readUpload.openapi } },
    (req) => uploadCourseCover(deps, actorOf(req), req.params.id, readUpload(req)),
  );

  app.delete(
    '/api/courses/:id/cover',
    { schema: { params: ZIdParams, response: { 200: ZCourse } }, config: { access } },
    (req) => removeCourseCover(deps, actorOf(req), req.params.id),
  );

  app.get(
    '/api/courses/:id/cover/:version',
    {
      schema: { params: ZCoverParams },
      config: { access: 'public', openapi: fileAnswer(['image/webp'], "The course's cover picture.") },
    },
    async (req, reply) => {
      const key = await findCourseCoverKey(deps, req.tenant.id, req.params.id, req.params.version);
      if (!(await sendStored(req, reply, fileStore(deps.config), key, COVER_CACHE))) notFound('cover');
      return reply;
    },
  );
};
