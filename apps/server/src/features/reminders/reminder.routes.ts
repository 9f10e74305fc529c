import { ZIdParams } from '@lms/contracts/common';
import { ZRemindAllResult, ZRemindBody, ZRemindResult } from '@lms/contracts/reminders';
import { ZTrainingUserParams } from '@lms/contracts/trainings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { remindAllOpen, remindParticipant } from './reminder.service';

/**
 * Manual reminders (DECISIONS "manual reminder"), for the coordination roles as the trainings are (PERMISSIONS.md
 * "coordination"; a coordinator within their groups, else 404). Refusals answer 409 with their reminder_* code.
 */
export const reminderRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const config = { access: 'coordination.manage' as const };

  app.post(
    '/api/course-training/:id/participants/:userId/remind',
    { schema: { params: ZTrainingUserParams, body: ZRemindBody, response: { 200: ZRemindResult } }, config },
    (req) => remindParticipant(deps, actorOf(req), req.params.id, req.params.userId),
  );

  app.post(
    '/api/course-training/:id/remind',
    { schema: { params: ZIdParams, body: ZRemindBody, response: { 200: ZRemindAllResult } }, config },
    (req) => remindAllOpen(deps, actorOf(req), req.params.id),
  );
  await Promise.resolve();
};
