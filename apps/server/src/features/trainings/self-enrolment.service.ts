import type { AppDeps } from '../../platform/deps';
import { newId, nowIso } from '../../platform/ids';
import { lockForTransaction } from '../../platform/xact-lock';
import { insertTraining } from './training.repository';
import { reconcileParticipants } from './training-membership';

/**
 * A learner starts a course on their own (a premium course from the dashboard's catalogue, issue 14): it becomes a
 * training of that user alone, with the user as a direct participant, created by the user. Starting it again
 * answers the training they already have, so a second click makes no second training.
 */
export async function startOwnTraining(
  deps: AppDeps,
  clientId: string,
  userId: string,
  courseId: string,
): Promise<string> {
  return deps.db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, deps.dialect, `self-enrolment:${userId}:${courseId}`);
    const existing = await trx
      .selectFrom('trainings')
      .innerJoin('training_participants', 'training_participants.training_id', 'trainings.id')
      .select('trainings.id')
      .where('trainings.client_id', '=', clientId)
      .where('trainings.course_id', '=', courseId)
      .where('training_participants.user_id', '=', userId)
      .where('training_participants.is_assigned', '=', true)
      .orderBy('trainings.created_at')
      .executeTakeFirst();
    if (existing) return existing.id;
    const id = newId();
    const now = nowIso();
    await insertTraining(trx, {
      id,
      client_id: clientId,
      course_id: courseId,
      start_date: null,
      deadline: null,
      created_by: userId,
      created_at: now,
      updated_at: now,
    });
    await reconcileParticipants(trx, clientId, id, {
      userIds: [userId],
      viaGroup: new Set(),
      direct: new Set([userId]),
    });
    return id;
  });
}

/** The user's assigned trainings of these courses (course id to training id), for the catalogue's "continue". */
export async function ownTrainingsOfCourses(
  deps: AppDeps,
  clientId: string,
  userId: string,
  courseIds: readonly string[],
): Promise<Map<string, string>> {
  if (courseIds.length === 0) return new Map();
  const rows = await deps.db
    .selectFrom('trainings')
    .innerJoin('training_participants', 'training_participants.training_id', 'trainings.id')
    .select(['trainings.id', 'trainings.course_id'])
    .where('trainings.client_id', '=', clientId)
    .where('trainings.course_id', 'in', courseIds)
    .where('training_participants.user_id', '=', userId)
    .where('training_participants.is_assigned', '=', true)
    .orderBy('trainings.created_at', 'desc')
    .execute();
  return new Map(rows.map((r) => [r.course_id, r.id]));
}
