import type { DbOrTrx } from '../../db/database';
import { nowIso } from '../../platform/ids';
import type { JobContext, JobHandler } from '../../platform/jobs';
import { enqueueJob } from '../../platform/jobs-store';
import { nextTurn } from '../../platform/turn-batch';
import { findTrainingValidity, trainingsFollowingCourse, validityDates } from './training-validity';
import { trainingStatusOf } from './training-status';

// Issue 30 point 1: "Changing a training's validity recomputes every due date, as one job with progress." The
// dates of each participant follow from their last completion (this cycle's, else the closed cycle's) and the new
// validity. An EXPIRED person whose new end lies ahead is open again; one whose new end has passed is left to the
// daily job, which marks them and tells them once. Issued certificates keep the date they were issued with.

export const VALIDITY_RECOMPUTE_JOB = 'trainings.validity-recompute';
const BATCH = 500;

export interface ValidityRecomputePayload {
  trainingIds: string[];
}

export async function enqueueValidityRecompute(
  trx: DbOrTrx,
  clientId: string,
  trainingIds: readonly string[],
  actorId: string,
): Promise<void> {
  if (trainingIds.length === 0) return;
  const payload: ValidityRecomputePayload = { trainingIds: [...trainingIds] };
  const total = await countTouched(trx, clientId, trainingIds);
  await enqueueJob(trx, {
    clientId,
    kind: VALIDITY_RECOMPUTE_JOB,
    payload,
    createdBy: actorId,
    capability: 'coordination.manage',
    total,
  });
}

/** A course's validity changed: the trainings that follow it are computed again (features/wiring.ts). */
export async function onCourseValidityChanged(
  trx: DbOrTrx,
  change: { clientId: string; courseId: string; actorId: string },
): Promise<void> {
  const ids = await trainingsFollowingCourse(trx, change.clientId, change.courseId);
  await enqueueValidityRecompute(trx, change.clientId, ids, change.actorId);
}

/** The participants whose dates depend on a validity: a completion in this cycle or a closed one. */
const touched = (db: DbOrTrx, clientId: string, trainingId: string) =>
  db
    .selectFrom('training_participants')
    .where('client_id', '=', clientId)
    .where('training_id', '=', trainingId)
    .where((eb) => eb.or([eb('completed_at', 'is not', null), eb('cycle', '>', 1)]));

async function countTouched(db: DbOrTrx, clientId: string, trainingIds: readonly string[]): Promise<number> {
  let total = 0;
  for (const id of trainingIds) {
    const row = await touched(db, clientId, id)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    total += Number(row.n);
  }
  return total;
}

/** One batch of a training's participants after `after` (by user id), recomputed in one transaction. */
async function recomputeBatch(
  ctx: JobContext<ValidityRecomputePayload>,
  clientId: string,
  trainingId: string,
  after: string,
  done: number,
): Promise<string[]> {
  return ctx.deps.db.transaction().execute(async (trx) => {
    const validity = await findTrainingValidity(trx, clientId, trainingId);
    if (!validity) return [];
    const rows = await touched(trx, clientId, trainingId)
      .selectAll()
      .where('user_id', '>', after)
      .orderBy('user_id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return [];
    const previous = await trx
      .selectFrom('training_cycles as c')
      .innerJoin('training_participants as p', (j) =>
        j
          .onRef('p.client_id', '=', 'c.client_id')
          .onRef('p.training_id', '=', 'c.training_id')
          .onRef('p.user_id', '=', 'c.user_id'),
      )
      .select(['c.user_id', 'c.completed_at'])
      .where('c.client_id', '=', clientId)
      .where('c.training_id', '=', trainingId)
      .where(
        'c.user_id',
        'in',
        rows.map((r) => r.user_id),
      )
      .whereRef('c.cycle', '=', (eb) => eb('p.cycle', '-', 1))
      .execute();
    const closedAt = new Map(previous.map((c) => [c.user_id, c.completed_at]));
    const now = nowIso();
    for (const p of rows) {
      const base = p.completed_at ?? closedAt.get(p.user_id) ?? null;
      const dates = base ? validityDates(base, validity) : { valid_until: null, renewal_opens_at: null };
      const reopened = p.status === 'EXPIRED' && (dates.valid_until === null || dates.valid_until > now);
      const status = reopened ? trainingStatusOf({ ...p, status: undefined }) : p.status;
      if (dates.valid_until === p.valid_until && dates.renewal_opens_at === p.renewal_opens_at && status === p.status)
        continue;
      await trx
        .updateTable('training_participants')
        .set({ ...dates, status, updated_at: now })
        .where('client_id', '=', clientId)
        .where('training_id', '=', trainingId)
        .where('user_id', '=', p.user_id)
        .execute();
    }
    await ctx.progress({ done: done + rows.length, succeeded: done + rows.length }, trx);
    return rows.map((r) => r.user_id);
  });
}

async function recompute(ctx: JobContext<ValidityRecomputePayload>) {
  const clientId = ctx.job.clientId ?? '';
  const total = await countTouched(ctx.deps.db, clientId, ctx.job.payload.trainingIds);
  await ctx.progress({ total, done: 0, succeeded: 0, failed: 0 });
  let done = 0;
  for (const trainingId of ctx.job.payload.trainingIds) {
    let after = '';
    for (;;) {
      // Stopped half-way: the job runs again and computes everything again, which changes nothing more.
      if (ctx.signal.aborted) throw new Error('stopped before every date was computed');
      const ids = await recomputeBatch(ctx, clientId, trainingId, after, done);
      done += ids.length;
      if (ids.length < BATCH) break;
      after = ids[ids.length - 1]!;
      await nextTurn();
    }
  }
  return { total, done };
}

export function createValidityRecomputeHandler(): JobHandler<ValidityRecomputePayload> {
  return { kind: VALIDITY_RECOMPUTE_JOB, leaseMs: 5 * 60_000, run: recompute };
}
