import type { TTrainingCounts } from '@lms/contracts/trainings';
import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import type { UserScope } from '../users';
import { participantsInScope } from './participant-list.repository';

// The aggregates behind a training's charts (issue "Trainings and the learner journey", point 4), inside the
// actor's scope and over the assigned participants, as the figures above the status table count them. Two grouped
// queries, one row per status and one per day: nothing is read or computed per participant in the application.

/** The UTC day (YYYY-MM-DD) of a timestamp column: ISO text on SQLite, timestamptz on PostgreSQL. */
const utcDay = (scope: UserScope, column: 'p.completed_at') =>
  scope.dialect === 'postgres'
    ? sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD')`
    : sql<string>`substr(${sql.ref(column)}, 1, 10)`;

const assignedOfTraining = (db: DbOrTrx, scope: UserScope, trainingId: string) =>
  participantsInScope(db, scope).where('p.training_id', '=', trainingId).where('p.is_assigned', '=', true);

/** Assigned participants per status, and the first start and completion among them (null: none yet). */
export async function statusDistribution(
  db: DbOrTrx,
  scope: UserScope,
  trainingId: string,
): Promise<{ counts: TTrainingCounts; firstStartedAt: string | null; firstCompletedAt: string | null }> {
  const rows = await assignedOfTraining(db, scope, trainingId)
    .select([
      'p.status',
      (eb) => eb.fn.countAll<number>().as('n'),
      (eb) => eb.fn.min('p.started_at').as('first_started'),
      (eb) => eb.fn.min('p.completed_at').as('first_completed'),
    ])
    .groupBy('p.status')
    .execute();
  const counts: TTrainingCounts = { participants: 0, pending: 0, started: 0, completed: 0, optional: 0, expired: 0 };
  let firstStartedAt: string | null = null;
  let firstCompletedAt: string | null = null;
  const earlier = (a: string | null, b: string | null) => (a === null || (b !== null && b < a) ? b : a);
  for (const r of rows) {
    const n = Number(r.n);
    const key = r.status.toLowerCase() as Exclude<keyof TTrainingCounts, 'participants'>;
    if (Object.hasOwn(counts, key)) counts[key] += n;
    counts.participants += n;
    firstStartedAt = earlier(firstStartedAt, r.first_started);
    firstCompletedAt = earlier(firstCompletedAt, r.first_completed);
  }
  return { counts, firstStartedAt, firstCompletedAt };
}

/** Completions of assigned participants per UTC day, by day (only days with completions). */
export async function completionsPerDay(
  db: DbOrTrx,
  scope: UserScope,
  trainingId: string,
): Promise<{ day: string; n: number }[]> {
  const day = utcDay(scope, 'p.completed_at');
  const rows = await assignedOfTraining(db, scope, trainingId)
    .where('p.completed_at', 'is not', null)
    .select([day.as('day'), (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(day)
    .orderBy(day)
    .execute();
  return rows.map((r) => ({ day: r.day, n: Number(r.n) }));
}
