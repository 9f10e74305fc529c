import type { TSuccessStatus } from '@lms/contracts/scorm-runtime';
import type { TTrainingCycle, TTrainingCycleList, TTrainingStatus } from '@lms/contracts/trainings';
import type { Selectable } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import { port } from '../../platform/events';
import { archiveTrainingAttempts } from '../scorm-runtime';
import { moduleRulesOf } from './training-progress.service';
import type { ParticipantRow } from './participant.repository';
import { moduleStates, progressOf, trainingStatusOf } from './training-status';
import type { TrainingCyclesTable } from './training.table';
import { findTrainingById } from './training.repository';

// Issue 30 point 1: a participation's cycles. When the renewal window of a completion opens, the participant's row
// starts the next cycle (status back to pending, module values and SCORM attempts set aside) and the closed one is
// kept in training_cycles; when the validity ends before the next completion, the status becomes EXPIRED. Both are
// compare-and-set updates: of two runs (a retried job, a second process) only one changes a row, and only the rows
// it changed are answered, so their mails and notifications go out once.

export type CycleRow = Selectable<TrainingCyclesTable>;

/** What the caller tells the people of a change: who, and until when the last completion held. */
export interface ValidityChange {
  userId: string;
  validUntil: string | null;
  /** The cycle the change is about: the one closed (a window opened), or the one that lapsed. */
  cycle: number;
}

/**
 * Opens the next cycle for up to `limit` assigned participants of the training whose renewal window has opened
 * (COMPLETED, renewal_opens_at <= now), in the caller's transaction.
 */
export async function openDueCycles(
  trx: DbOrTrx,
  clientId: string,
  trainingId: string,
  now: string,
  limit: number,
): Promise<ValidityChange[]> {
  const due = await trx
    .selectFrom('training_participants')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('training_id', '=', trainingId)
    .where('renewal_opens_at', '<=', now)
    .where('status', '=', 'COMPLETED')
    .where('is_assigned', '=', true)
    .orderBy('user_id')
    .limit(limit)
    .execute();
  if (due.length === 0) return [];
  const changed = await trx
    .updateTable('training_participants')
    .set((eb) => ({
      cycle: eb('cycle', '+', 1),
      status: eb.case().when('is_optional', '=', true).then('OPTIONAL').else('PENDING').end(),
      started_at: null,
      completed_at: null,
      completed_modules: 0,
      score_pct: null,
      result: 'unknown',
      is_invitation_due: false,
      updated_at: now,
    }))
    .where('client_id', '=', clientId)
    .where('training_id', '=', trainingId)
    .where(
      'user_id',
      'in',
      due.map((p) => p.user_id),
    )
    .where('status', '=', 'COMPLETED')
    .where('renewal_opens_at', '<=', now)
    .returning(['user_id', 'cycle'])
    .execute();
  if (changed.length === 0) return [];
  const training = await findTrainingById(trx, clientId, trainingId);
  const rules = training ? await moduleRulesOf(trx, clientId, training.course_id) : [];
  const required = progressOf(moduleStates(rules, new Map())).required;
  const byUser = new Map(due.map((p) => [p.user_id, p]));
  const closed = changed.flatMap((c) => {
    const p = byUser.get(c.user_id);
    return p ? [p] : [];
  });
  const userIds = closed.map((p) => p.user_id);
  await trx
    .insertInto('training_cycles')
    .values(
      closed.map((p) => ({
        client_id: clientId,
        training_id: trainingId,
        user_id: p.user_id,
        cycle: p.cycle,
        status: p.status,
        started_at: p.started_at,
        completed_at: p.completed_at,
        completed_modules: p.completed_modules,
        required_modules: required,
        score_pct: p.score_pct,
        result: p.result,
        valid_until: p.valid_until,
        closed_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(['client_id', 'training_id', 'user_id', 'cycle']).doNothing())
    .execute();
  await trx
    .deleteFrom('training_module_values')
    .where('client_id', '=', clientId)
    .where('training_id', '=', trainingId)
    .where('user_id', 'in', userIds)
    .execute();
  await archiveTrainingAttempts(trx, clientId, trainingId, userIds);
  return closed.map((p) => ({ userId: p.user_id, validUntil: p.valid_until, cycle: p.cycle }));
}

/**
 * Marks EXPIRED up to `limit` assigned, not optional participants whose last completion's validity ended
 * (valid_until <= now) and who have not completed the cycle since.
 */
export async function expireLapsed(
  trx: DbOrTrx,
  clientId: string,
  trainingId: string,
  now: string,
  limit: number,
): Promise<ValidityChange[]> {
  const open: TTrainingStatus[] = ['PENDING', 'STARTED'];
  const due = await trx
    .selectFrom('training_participants')
    .select('user_id')
    .where('client_id', '=', clientId)
    .where('training_id', '=', trainingId)
    // Every lapsed validity has its window open; the index (client, training, renewal_opens_at, ...) serves this.
    .where('renewal_opens_at', '<=', now)
    .where('valid_until', '<=', now)
    .where('status', 'in', open)
    .where('is_assigned', '=', true)
    .where('is_optional', '=', false)
    .orderBy('user_id')
    .limit(limit)
    .execute();
  if (due.length === 0) return [];
  const changed = await trx
    .updateTable('training_participants')
    .set({ status: 'EXPIRED', updated_at: now })
    .where('client_id', '=', clientId)
    .where('training_id', '=', trainingId)
    .where(
      'user_id',
      'in',
      due.map((p) => p.user_id),
    )
    .where('status', 'in', open)
    .where('valid_until', '<=', now)
    .returning(['user_id', 'valid_until', 'cycle'])
    .execute();
  return changed.map((c) => ({ userId: c.user_id, validUntil: c.valid_until, cycle: c.cycle }));
}

/** A participation's closed cycles, newest first. */
export const cyclesOf = (db: DbOrTrx, clientId: string, trainingId: string, userId: string) =>
  db
    .selectFrom('training_cycles')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('training_id', '=', trainingId)
    .where('user_id', '=', userId)
    .orderBy('cycle', 'desc')
    .execute();

export const presentCycle = (row: CycleRow, certificateId: string | null): TTrainingCycle => ({
  cycle: row.cycle,
  current: false,
  status: row.status as TTrainingStatus,
  startedAt: row.started_at,
  completedAt: row.completed_at,
  completedModules: row.completed_modules,
  requiredModules: row.required_modules,
  score: row.score_pct,
  result: row.result as TSuccessStatus,
  validUntil: row.valid_until,
  closedAt: row.closed_at,
  certificateId,
});

/**
 * Every cycle of one participation, the current one first, each with its certificate (asked of the certificates
 * feature).
 */
export async function cycleHistory(
  db: DbOrTrx,
  clientId: string,
  trainingId: string,
  participant: ParticipantRow,
): Promise<TTrainingCycleList> {
  const { user_id: userId } = participant;
  const rows = await cyclesOf(db, clientId, trainingId, userId);
  const certificates = await port('certificates.of-participation')(db, clientId, trainingId, userId);
  const training = await findTrainingById(db, clientId, trainingId);
  const rules = training ? await moduleRulesOf(db, clientId, training.course_id) : [];
  const current: TTrainingCycle = {
    cycle: participant.cycle,
    current: true,
    status: trainingStatusOf(participant),
    startedAt: participant.started_at,
    completedAt: participant.completed_at,
    completedModules: participant.completed_modules,
    requiredModules: progressOf(moduleStates(rules, new Map())).required,
    score: participant.score_pct,
    result: participant.result as TSuccessStatus,
    // Until completed, the row's end date is the previous cycle's (shown there), not this one's.
    validUntil: participant.completed_at ? participant.valid_until : null,
    closedAt: null,
    certificateId: certificates.get(participant.cycle) ?? null,
  };
  return { items: [current, ...rows.map((r) => presentCycle(r, certificates.get(r.cycle) ?? null))] };
}
