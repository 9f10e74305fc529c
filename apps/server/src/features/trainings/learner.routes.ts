import { ZLaunchResult } from '@lms/contracts/scorm-runtime';
import {
  ZCourseTrainingUserValueList,
  ZRecordModuleBody,
  ZRecordModuleResult,
  ZTrainingCycleList,
  ZTrainingModuleParams,
  ZUserTraining,
  ZUserTrainingList,
  ZUserTrainingParams,
  ZUserValueParams,
} from '@lms/contracts/trainings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { sendJsonText } from '../../platform/short-cache';
import { getMyTraining, launchMyModule, listMyCycles, listMyModuleValues, recordModuleOpened } from './learner.service';
import { myTrainingsJson } from './learner-dashboard-cache';

/** Spec section 7, the learner's calls: their trainings, their module values, opening and launching a module. */
export const learnerRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const config = { access: 'learner.use' as const };

  app.get(
    '/api/user-course-trainings',
    { schema: { response: { 200: ZUserTrainingList } }, config },
    async (req, reply) => sendJsonText(reply, await myTrainingsJson(deps, actorOf(req))),
  );

  app.get(
    '/api/user-course-trainings/:id',
    { schema: { params: ZUserTrainingParams, response: { 200: ZUserTraining } }, config },
    (req) => getMyTraining(deps, actorOf(req), req.params.id),
  );

  app.get(
    '/api/user-course-trainings/:id/cycles',
    { schema: { params: ZUserTrainingParams, response: { 200: ZTrainingCycleList } }, config },
    (req) => listMyCycles(deps, actorOf(req), req.params.id),
  );

  app.get(
    '/api/course-training-user-value/get-all-of-current-user',
    { schema: { response: { 200: ZCourseTrainingUserValueList } }, config },
    (req) => listMyModuleValues(deps, actorOf(req)),
  );

  app.post(
    '/api/course-training-user-value/:courseTrainingId/:moduleId',
    {
      schema: { params: ZUserValueParams, body: ZRecordModuleBody, response: { 200: ZRecordModuleResult } },
      config,
    },
    (req) => recordModuleOpened(deps, actorOf(req), req.params.courseTrainingId, req.params.moduleId),
  );

  app.post(
    '/api/course-training/:id/module/:moduleId/launch',
    { schema: { params: ZTrainingModuleParams, response: { 200: ZLaunchResult } }, config },
    (req) => launchMyModule(deps, actorOf(req), req.tenant, req.params.id, req.params.moduleId),
  );
  await Promise.resolve();
};
