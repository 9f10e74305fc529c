import type { DbOrTrx } from '../../db/database';

/**
 * For the reminders feature's daily run (DECISIONS "automatic reminders"): the active courses of every client with
 * automatic reminders on and `day` between their `from` (or, without one, the course's start date) and `until`.
 * Whether `day` is one of the interval's days the caller decides. Platform-wide on purpose: the job runs for all
 * clients.
 */
export const coursesWithRemindersOn = (db: DbOrTrx, day: string) =>
  db
    .selectFrom('courses')
    .select(['id', 'client_id'])
    .where('is_active', '=', true)
    .where('is_reminder_active', '=', true)
    .where('reminder_interval_days', 'is not', null)
    .where((eb) =>
      eb.or([eb('reminder_from', '<=', day), eb.and([eb('reminder_from', 'is', null), eb('start_date', '<=', day)])]),
    )
    .where((eb) => eb.or([eb('reminder_until', 'is', null), eb('reminder_until', '>=', day)]))
    .orderBy('client_id')
    .orderBy('id')
    .execute();
