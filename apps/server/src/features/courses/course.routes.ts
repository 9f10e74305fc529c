import { ZIdParams, ZOk } from '@lms/contracts/common';
import { ZCourse, ZCourseBody, ZCourseListQuery, ZCoursePage } from '@lms/contracts/courses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { createCourse, deleteCourse, getCourse, listCourses, updateCourse } from './course.service';

const access = 'content.manage' as const;

/**
 * Spec section 7: `GET /courses`, `POST /courses[/{id}]`, `DELETE /courses/{id}` (content masters); the list also
 * serves the coordinators' course picker of a training.
 */
export const courseRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/api/courses',
    { schema: { querystring: ZCourseListQuery, response: { 200: ZCoursePage } }, config: { access: 'courses.list' } },
    (req) => listCourses(deps, actorOf(req), req.query),
  );

  app.get(
    '/api/courses/:id',
    { schema: { params: ZIdParams, response: { 200: ZCourse } }, config: { access } },
    (req) => getCourse(deps, actorOf(req), req.params.id),
  );

  app.post('/api/courses', { schema: { body: ZCourseBody, response: { 200: ZCourse } }, config: { access } }, (req) =>
    createCourse(deps, actorOf(req), req.body),
  );

  app.post(
    '/api/courses/:id',
    { schema: { params: ZIdParams, body: ZCourseBody, response: { 200: ZCourse } }, config: { access } },
    (req) => updateCourse(deps, actorOf(req), req.params.id, req.body),
  );

  app.delete(
    '/api/courses/:id',
    { schema: { params: ZIdParams, response: { 200: ZOk } }, config: { access } },
    async (req) => {
      await deleteCourse(deps, actorOf(req), req.params.id);
      return { ok: true as const };
    },
  );
  await Promise.resolve();
};
