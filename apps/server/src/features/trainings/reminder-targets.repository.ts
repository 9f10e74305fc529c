import type { DbOrTrx } from '../../db/database';
import { userInScope, type UserScope } from '../users';

// What the reminders feature needs of the trainings' tables (it reaches them through reminder-targets.service.ts).

/**
 * The statuses that are still open: neither COMPLETED nor OPTIONAL (DECISIONS "automatic reminders"); EXPIRED
 * people (issue 30 point 1) are reminded as any who have not completed.
 */
export const OPEN_STATUSES = ['PENDING', 'STARTED', 'EXPIRED'] as const;

/**
 * Up to `limit` assigned participants of a training inside the scope, by user id after `after` (or only `userId`).
 * A page (`after`) holds only the open ones: "remind all open" never looks at the completed or optional, so they
 * are neither reminded nor counted as skipped (issue 32); one `userId` is found whatever their status, so that a
 * single reminder to them answers why it is refused.
 */
export const assignedParticipantsInScope = (
  db: DbOrTrx,
  scope: UserScope,
  trainingId: string,
  page: { after: string; limit: number } | { userId: string } | { userIds: readonly string[] },
) => {
  let q = db
    .selectFrom('training_participants as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .selectAll('p')
    .where('p.client_id', '=', scope.clientId)
    .where('p.training_id', '=', trainingId)
    .where('p.is_assigned', '=', true)
    .where((eb) => userInScope(eb, scope));
  // A list of users (the reports' reminders) is found whatever their status, as one user is.
  if ('userIds' in page) return q.where('p.user_id', 'in', page.userIds).orderBy('p.user_id').execute();
  q =
    'userId' in page
      ? q.where('p.user_id', '=', page.userId)
      : q.where('p.user_id', '>', page.after).where('p.status', 'in', OPEN_STATUSES);
  return q
    .orderBy('p.user_id')
    .limit('userId' in page ? 1 : page.limit)
    .execute();
};

/** Up to `limit` user ids of the open, assigned participants of a training, by user id after `after`. */
export async function openParticipantIds(
  db: DbOrTrx,
  clientId: string,
  trainingId: string,
  after: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('training_participants')
    .select('user_id')
    .where('client_id', '=', clientId)
    .where('training_id', '=', trainingId)
    .where('is_assigned', '=', true)
    .where('status', 'in', OPEN_STATUSES)
    .where('user_id', '>', after)
    .orderBy('user_id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.user_id);
}

export async function trainingIdsOfCourse(db: DbOrTrx, clientId: string, courseId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('trainings')
    .select('id')
    .where('client_id', '=', clientId)
    .where('course_id', '=', courseId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Sets last_reminder_at to `now` for those of the users whose last reminder is not after `notAfter` (or who had
 * none); answers whom it set. The compare-and-set makes two coordinators' clicks at once send one reminder.
 */
export async function claimReminderSlots(
  db: DbOrTrx,
  clientId: string,
  trainingId: string,
  userIds: readonly string[],
  now: string,
  notAfter: string,
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .updateTable('training_participants')
    .set({ last_reminder_at: now })
    .where('client_id', '=', clientId)
    .where('training_id', '=', trainingId)
    .where('user_id', 'in', userIds)
    .where((eb) => eb.or([eb('last_reminder_at', 'is', null), eb('last_reminder_at', '<=', notAfter)]))
    .returning('user_id')
    .execute();
  return rows.map((r) => r.user_id);
}
