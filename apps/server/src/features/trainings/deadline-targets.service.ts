import type { DbOrTrx } from '../../db/database';

// The trainings feature's side of the "deadline near" notification (issue 14, features/messages): which trainings
// end on a day, and (re-exported) their open participants. The messages feature reaches the trainings only here.

export { openParticipantIds } from './reminder-targets.repository';

/**
 * Trainings of every client whose deadline (their own, else their course's) is `day`, of active courses: a paused
 * course sends no reminders (DECISIONS), so no warnings either.
 */
export const trainingsDueOn = (db: DbOrTrx, day: string) =>
  db
    .selectFrom('trainings as t')
    .innerJoin('courses as c', 'c.id', 't.course_id')
    .select(['t.id', 't.client_id'])
    .where('c.is_active', '=', true)
    .where((eb) =>
      eb.or([eb('t.deadline', '=', day), eb.and([eb('t.deadline', 'is', null), eb('c.deadline', '=', day)])]),
    )
    .orderBy('t.id')
    .execute();
