import type { DbOrTrx } from '../../db/database';
import { findTrainingById, findTrainingsByIds } from './training.repository';

// What the certificates feature asks of trainings (DECISIONS "certificate": a certificate is made when a user's
// training becomes COMPLETED, and regenerated for all who completed it).

/**
 * A user's completion of a training in its current cycle: its course, when, the cycle and until when it holds
 * (null: for ever); undefined when the user has not completed the current cycle.
 */
export async function findCompletion(
  db: DbOrTrx,
  clientId: string,
  trainingId: string,
  userId: string,
): Promise<{ courseId: string; completedAt: string; cycle: number; validUntil: string | null } | undefined> {
  const training = await findTrainingById(db, clientId, trainingId);
  if (!training) return undefined;
  const row = await db
    .selectFrom('training_participants')
    .select(['completed_at', 'cycle', 'valid_until'])
    .where('client_id', '=', clientId)
    .where('training_id', '=', trainingId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.completed_at
    ? { courseId: training.course_id, completedAt: row.completed_at, cycle: row.cycle, validUntil: row.valid_until }
    : undefined;
}

/**
 * Every user who completed the training, former participants included (their certificate stays theirs), in id
 * order. Ids only: 10,000 of them are a few hundred kilobytes.
 */
export async function completedUserIds(db: DbOrTrx, clientId: string, trainingId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('training_participants')
    .select('user_id')
    .where('client_id', '=', clientId)
    .where('training_id', '=', trainingId)
    .where('completed_at', 'is not', null)
    .orderBy('user_id')
    .execute();
  return rows.map((r) => r.user_id);
}

/** The course of each of these trainings of the client. */
export async function coursesOfTrainings(
  db: DbOrTrx,
  clientId: string,
  trainingIds: readonly string[],
): Promise<Map<string, string>> {
  const rows = await findTrainingsByIds(db, clientId, trainingIds);
  return new Map(rows.map((t) => [t.id, t.course_id]));
}

export { findVisibleTraining } from './training-scope';

/** The client's platform domain, for the certificate mail's link (found as the invitations job finds it). */
export { findClientDomain } from './training.repository';
