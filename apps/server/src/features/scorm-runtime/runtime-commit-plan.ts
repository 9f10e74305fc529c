import type { TModuleStatus, TRuntimeCommitResult, TSuccessStatus } from '@lms/contracts/scorm-runtime';
import type { ZRuntimeCommitBody } from '@lms/contracts/scorm-runtime';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { ScormScoDataTable } from '../../db/database';
import { nowIso } from '../../platform/ids';
import type { RuntimeModule } from '../modules';
import type { CommitCheck } from './cmi-model';
import { NO_SCORE, rollUpScore } from './cmi-score';
import type { LaunchClaims } from './launch-token';
import type { CommitAttemptFields, CommitItemRow, CommitRead } from './scorm-runtime.repository';
import { laterStatus, rollUpModule } from './status-rollup';

// What a SCORM commit writes, worked out from its attempt as read; runtime-commit.ts and runtime-commit-batch.ts
// read and write it.

export type CommitBody = z.output<typeof ZRuntimeCommitBody>;

export type CommitOutcome =
  | { kind: 'ok'; result: TRuntimeCommitResult }
  | { kind: 'invalid'; errorCode: number; element: string; message: string }
  | { kind: 'stale'; errorCode: number };

/** SCORM 1.2 101 "General Exception", 2004 391 "General Commit Failure": what a refused stale commit answers. */
const staleErrorCode = (module: RuntimeModule) => (module.version === 'scorm12' ? 101 : 391);

/**
 * A commit is stale when a later one of the same item is already stored: one from a later player page (sessions are
 * UUIDv7, ordered by time) or a higher sequence number of the same page. Late beacons and replays lose.
 */
const isStale = (row: CommitItemRow | undefined, body: CommitBody) =>
  row !== undefined &&
  (body.session < row.commit_session || (body.session === row.commit_session && body.seq <= row.commit_seq));

/** An asset or PDF has no API: being opened completes it (DECISIONS "module completion": PDF opened). */
export const openedAsset: Extract<CommitCheck, { ok: true }> = {
  ok: true,
  saved: {},
  status: 'COMPLETED',
  success: 'unknown',
  exit: '',
  sessionCs: 0,
  score: NO_SCORE,
};

/** What a commit writes, worked out from the attempt as read: the item's row, the attempt's fields, the new status. */
export interface CommitPlan {
  item: Selectable<ScormScoDataTable>;
  attempt: CommitAttemptFields;
  status: TModuleStatus;
  itemStatus: TModuleStatus;
  /**
   * A learner's training attempt whose status, success or score moves writes through to the training (in the locked
   * path). Time alone does not: the training reads it from the attempt when it shows it.
   */
  writesThrough: boolean;
}

function planCommit(
  module: RuntimeModule,
  check: Extract<CommitCheck, { ok: true }>,
  body: CommitBody,
  read: CommitRead,
): CommitPlan | 'stale' {
  const row = read.items.find((r) => r.item_id === body.itemId);
  if (isStale(row, body)) return 'stale';
  // session_time is the whole time of the API instance so far, so it is added to the total the item had when that
  // instance began, never to the previous commit's sum (issue 5 "session_time accumulated into total_time").
  const instance = `${body.session}:${body.instance}`;
  const base = !row ? 0 : row.time_instance === instance ? Number(row.time_base_cs) : Number(row.total_time_cs);
  const now = nowIso();
  const itemStatus = laterStatus((row?.status as TModuleStatus | undefined) ?? 'PENDING', check.status);
  // Issue 31 point 1: a result once reported stays until the SCO reports another. SCORM 1.2 has one lesson_status,
  // so a package that sets "completed" again on a revisit of its last page (the golf examples do) would otherwise
  // take back a "passed"; a retaken test that fails or passes replaces it.
  const itemSuccess =
    check.success === 'unknown' ? ((row?.success_status as TSuccessStatus) ?? 'unknown') : check.success;
  const itemScore =
    check.score.pct === null && check.score.raw === null && row
      ? { pct: row.score_pct, raw: row.score_raw }
      : check.score;
  const others = read.items.filter((r) => r.item_id !== body.itemId);
  const items = [...others, { item_id: body.itemId, status: itemStatus, success_status: itemSuccess }].map((r) => ({
    itemId: r.item_id,
    status: r.status as TModuleStatus,
    success: r.success_status as TSuccessStatus,
  }));
  const rolled = rollUpModule(module.manifest.launchables, items);
  const { attempt } = read;
  const status = laterStatus(attempt.status as TModuleStatus, rolled.status);
  const totalCs = base + check.sessionCs;
  // Issue 31 point 1: the module's score from its items' (items of a replaced package included: what was scored
  // stays scored), its time the sum of theirs.
  const score = rollUpScore([...others.map((r) => ({ pct: r.score_pct, raw: r.score_raw })), itemScore]);
  const attemptTimeCs = others.reduce((sum, r) => sum + r.total_time_cs, totalCs);
  return {
    item: {
      attempt_id: attempt.id,
      item_id: body.itemId,
      client_id: attempt.client_id,
      cmi: JSON.stringify(check.saved),
      status: itemStatus,
      success_status: itemSuccess,
      exit: check.exit,
      total_time_cs: totalCs,
      time_base_cs: base,
      time_instance: instance,
      commit_session: body.session,
      commit_seq: body.seq,
      score_pct: itemScore.pct,
      score_raw: itemScore.raw,
      created_at: now,
      updated_at: now,
    },
    attempt: {
      status,
      success_status: rolled.success,
      last_item_id: body.itemId,
      completed_at: attempt.completed_at ?? (status === 'COMPLETED' ? now : null),
      score_pct: score.pct,
      score_raw: score.raw,
      total_time_cs: attemptTimeCs,
      updated_at: now,
    },
    status,
    itemStatus,
    // A content master's preview never counts (it has no training).
    writesThrough:
      attempt.kind === 'training' &&
      !!attempt.training_id &&
      (status !== attempt.status ||
        rolled.success !== attempt.success_status ||
        score.pct !== attempt.score_pct ||
        score.raw !== attempt.score_raw),
  };
}

export const okOutcome = (plan: CommitPlan): CommitOutcome => ({
  kind: 'ok',
  result: { result: 'true', errorCode: 0, moduleStatus: plan.status, itemStatus: plan.itemStatus },
});

/** A commit checked without the database: its token's claims, its module and its data as the data model checked it. */
export interface CheckedCommit {
  claims: LaunchClaims;
  module: RuntimeModule;
  check: CommitCheck;
  body: CommitBody;
}

/**
 * A commit's outcome once its attempt is read: refused when its data is invalid (a refused commit changes nothing:
 * the previous data stays, issue 5) or stale, else whatever `write` makes of the plan ('locked': take the locked path).
 */
export function decide<R>(
  { module, check, body }: CheckedCommit,
  read: CommitRead,
  write: (plan: CommitPlan) => R,
): R | CommitOutcome {
  if (!check.ok) return { kind: 'invalid', errorCode: check.errorCode, element: check.element, message: check.message };
  const plan = planCommit(module, check, body, read);
  if (plan === 'stale') return { kind: 'stale', errorCode: staleErrorCode(module) };
  return write(plan);
}
