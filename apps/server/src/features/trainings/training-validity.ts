import { renewalOpensAtOf, validityStateOf, validUntilOf, type TValidity } from '@lms/contracts/validity';
import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database';

// Issue 30 point 1: which validity applies to a training (its own, else its course's) and the dates a completion
// gets from it. The dates are stored on the participant row (valid_until, renewal_opens_at) so the status table
// filters by them from an index and the daily job finds what is due without computing anything per row.

/** The validity columns of a training and of its course, as a query joining both names them. */
export interface ValidityColumns {
  has_own_validity: boolean;
  validity_months: number | null;
  renewal_days: number | null;
  course_validity_months: number | null;
  course_renewal_days: number;
}

export function effectiveValidity(row: ValidityColumns): TValidity {
  return row.has_own_validity
    ? { months: row.validity_months, renewalDays: row.renewal_days ?? row.course_renewal_days }
    : { months: row.course_validity_months, renewalDays: row.course_renewal_days };
}

/** The training's own validity as the API shows it; null: the course's applies. */
export const ownValidity = (row: Omit<ValidityColumns, 'course_validity_months' | 'course_renewal_days'>) =>
  row.has_own_validity ? { months: row.validity_months, renewalDays: row.renewal_days ?? 30 } : null;

/** What a completion at `completedAt` holds under `validity`: both null when it holds for ever. */
export function validityDates(
  completedAt: string,
  validity: TValidity,
): { valid_until: string | null; renewal_opens_at: string | null } {
  if (validity.months === null) return { valid_until: null, renewal_opens_at: null };
  const validUntil = validUntilOf(completedAt, validity.months);
  return { valid_until: validUntil, renewal_opens_at: renewalOpensAtOf(validUntil, validity.renewalDays) };
}

/** The course columns the validity needs, for a select over `trainings as t` joined with `courses as c`. */
export const VALIDITY_SELECT = [
  't.has_own_validity',
  't.validity_months',
  't.renewal_days',
  'c.validity_months as course_validity_months',
  'c.renewal_days as course_renewal_days',
] as const;

export async function findTrainingValidity(
  db: DbOrTrx,
  clientId: string,
  trainingId: string,
): Promise<TValidity | undefined> {
  const row = await db
    .selectFrom('trainings as t')
    .innerJoin('courses as c', (j) => j.onRef('c.id', '=', 't.course_id').onRef('c.client_id', '=', 't.client_id'))
    .select(VALIDITY_SELECT)
    .where('t.client_id', '=', clientId)
    .where('t.id', '=', trainingId)
    .executeTakeFirst();
  return row && effectiveValidity(row);
}

/** Every training (of any client) whose validity is not "for ever": the daily job's list, a few thousand ids. */
export async function trainingsWithValidity(db: DbOrTrx): Promise<Array<{ client_id: string; id: string }>> {
  return db
    .selectFrom('trainings as t')
    .innerJoin('courses as c', (j) => j.onRef('c.id', '=', 't.course_id').onRef('c.client_id', '=', 't.client_id'))
    .select(['t.client_id', 't.id'])
    .where(
      sql<number | null>`case when t.has_own_validity then t.validity_months else c.validity_months end`,
      'is not',
      null,
    )
    .orderBy('t.client_id')
    .orderBy('t.id')
    .execute();
}

/** The trainings of a course that follow its validity (a change of it recomputes theirs). */
export async function trainingsFollowingCourse(db: DbOrTrx, clientId: string, courseId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('trainings')
    .select('id')
    .where('client_id', '=', clientId)
    .where('course_id', '=', courseId)
    .where('has_own_validity', '=', false)
    .execute();
  return rows.map((r) => r.id);
}

/** The validity fields of a participation as the learner's and the coordinator's views show them. */
export function presentValidity(
  p: { status: string; cycle: number; valid_until: string | null; renewal_opens_at: string | null },
  now: string,
) {
  return {
    cycle: p.cycle,
    validUntil: p.valid_until,
    renewalOpensAt: p.renewal_opens_at,
    validity: validityStateOf(
      { validUntil: p.valid_until, renewalOpensAt: p.renewal_opens_at, expired: p.status === 'EXPIRED' },
      now,
    ),
  };
}

/** A user's participations' validity dates, by training (their certificates' "expiring" needs the window). */
export async function participationWindows(
  db: DbOrTrx,
  clientId: string,
  userId: string,
): Promise<Map<string, { validUntil: string | null; renewalOpensAt: string | null }>> {
  const rows = await db
    .selectFrom('training_participants')
    .select(['training_id', 'valid_until', 'renewal_opens_at'])
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .execute();
  return new Map(rows.map((r) => [r.training_id, { validUntil: r.valid_until, renewalOpensAt: r.renewal_opens_at }]));
}

/**
 * A certificate's state: its own end date decides expired; the window of the participation it belongs to decides
 * expiring, while that participation's validity is still the one the certificate certifies.
 */
export function certificateValidity(
  validUntil: string | null,
  window: { validUntil: string | null; renewalOpensAt: string | null } | undefined,
  now: string,
) {
  const renewalOpensAt = window && window.validUntil === validUntil ? window.renewalOpensAt : null;
  return validityStateOf({ validUntil, renewalOpensAt, expired: false }, now);
}
