import { ZIdParams, ZOk } from '@lms/contracts/common';
import {
  ZCreateTrainingBody,
  ZDeleteTrainingQuery,
  ZOptionalBody,
  ZParticipantExportQuery,
  ZParticipantListQuery,
  ZParticipantPage,
  ZParticipantResults,
  ZParticipantStatus,
  ZTraining,
  ZTrainingCycleList,
  ZTrainingIdParams,
  ZTrainingListQuery,
  ZTrainingPage,
  ZTrainingStatistics,
  ZTrainingUserParams,
  ZUpdateTrainingBody,
} from '@lms/contracts/trainings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { sendJsonText } from '../../platform/short-cache';
import { CONTENT_TYPES, sendTable } from '../../platform/table-export';
import { fileAnswer } from '../../platform/openapi';
import { exportParticipants } from './participant-export';
import { getParticipantResults } from './participant-results.service';
import { participantStatusesJson } from './participant-status-cache';
import { listParticipantCycles, setParticipantOptional } from './participant.service';
import { getTrainingStatistics } from './training-statistics.service';
import { createTraining, deleteTraining, getTraining, listTrainings, updateTraining } from './training.service';

/**
 * Spec section 7: CRUD /course-training and GET /course-training-user-value/{trainingId}/get-status-of-all-users,
 * for the coordination roles (PERMISSIONS.md "coordination": trainings; a coordinator within their groups).
 */
export const trainingRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const config = { access: 'coordination.manage' as const };

  app.get(
    '/api/course-training',
    { schema: { querystring: ZTrainingListQuery, response: { 200: ZTrainingPage } }, config },
    (req) => listTrainings(deps, actorOf(req), req.query),
  );

  app.get('/api/course-training/:id', { schema: { params: ZIdParams, response: { 200: ZTraining } }, config }, (req) =>
    getTraining(deps, actorOf(req), req.params.id),
  );

  app.get(
    '/api/course-training/:id/statistics',
    { schema: { params: ZIdParams, response: { 200: ZTrainingStatistics } }, config },
    (req) => getTrainingStatistics(deps, actorOf(req), req.params.id),
  );

  app.post(
    '/api/course-training',
    { schema: { body: ZCreateTrainingBody, response: { 200: ZTraining } }, config },
    (req) => createTraining(deps, actorOf(req), req.body),
  );

  app.post(
    '/api/course-training/:id',
    { schema: { params: ZIdParams, body: ZUpdateTrainingBody, response: { 200: ZTraining } }, config },
    (req) => updateTraining(deps, actorOf(req), req.params.id, req.body),
  );

  app.delete(
    '/api/course-training/:id',
    { schema: { params: ZIdParams, querystring: ZDeleteTrainingQuery, response: { 200: ZOk } }, config },
    async (req) => {
      await deleteTraining(deps, actorOf(req), req.params.id, req.query.confirm === 'true');
      return { ok: true as const };
    },
  );

  // Issue 31 point 3: the status table as XLSX or CSV, its filter and order, streamed a page at a time.
  const file = {
    ...config,
    openapi: fileAnswer([CONTENT_TYPES.xlsx, 'text/csv'], 'The participants, as XLSX or CSV.'),
  };
  app.get(
    '/api/course-training/:id/participants/export',
    { schema: { params: ZIdParams, querystring: ZParticipantExportQuery }, config: file },
    async (req, reply) => {
      const { format, ...query } = req.query;
      const table = await exportParticipants(deps, actorOf(req), req.params.id, query);
      return sendTable(reply, format, `participants-${new Date().toISOString().slice(0, 10)}`, table);
    },
  );

  app.post(
    '/api/course-training/:id/participants/:userId/optional',
    { schema: { params: ZTrainingUserParams, body: ZOptionalBody, response: { 200: ZParticipantStatus } }, config },
    (req) => setParticipantOptional(deps, actorOf(req), req.params.id, req.params.userId, req.body.optional),
  );

  app.get(
    '/api/course-training/:id/participants/:userId/cycles',
    { schema: { params: ZTrainingUserParams, response: { 200: ZTrainingCycleList } }, config },
    (req) => listParticipantCycles(deps, actorOf(req), req.params.id, req.params.userId),
  );

  app.get(
    '/api/course-training/:id/participants/:userId/results',
    { schema: { params: ZTrainingUserParams, response: { 200: ZParticipantResults } }, config },
    (req) => getParticipantResults(deps, actorOf(req), req.params.id, req.params.userId),
  );

  app.get(
    '/api/course-training-user-value/:trainingId/get-status-of-all-users',
    {
      schema: { params: ZTrainingIdParams, querystring: ZParticipantListQuery, response: { 200: ZParticipantPage } },
      config,
    },
    async (req, reply) =>
      sendJsonText(reply, await participantStatusesJson(deps, actorOf(req), req.params.trainingId, req.query)),
  );
  await Promise.resolve();
};
