import type { TModuleStatus, TRuntimeCommitResult, TSuccessStatus } from '@lms/contracts/scorm-runtime';
import type { ZRuntimeCommitBody } from '@lms/contracts/scorm-runtime';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { ScormScoDataTable } from '../../db/database';
import { DEFAULT_LOCALE } from '@lms/contracts/constants';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { nowIso } from '../../platform/ids';
import type { RuntimeModule } from '../modules/module.service';
import { recordModuleProgress } from '../trainings/training-progress.service';
import type { CommitCheck } from './cmi-model';
import { attemptOf, checkToken, findLaunchable, modelOf } from './runtime.service';
import { findRuntimeModuleCached } from './runtime-module-cache';
import { sqliteWriteBatchOf } from '../../db/sqlite-write-batch';
import {
  readAttemptForCommit,
  readAttemptForCommitSync,
  writeCommitSync,
  updateAttempt,
  upsertScoData,
  writeCommitIfUnchanged,
  type CommitAttemptFields,
  type CommitItemRow,
  type CommitRead,
} from './scorm-runtime.repository';
import { laterStatus, rollUpModule } from './status-rollup';

type Body = z.output<typeof ZRuntimeCommitBody>;

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
const isStale = (row: CommitItemRow | undefined, body: Body) =>
  row !== undefined &&
  (body.session < row.commit_session || (body.session === row.commit_session && body.seq <= row.commit_seq));

/** An asset or PDF has no API: being opened completes it (DECISIONS "module completion": PDF opened). */
const openedAsset: Extract<CommitCheck, { ok: true }> = {
  ok: true,
  saved: {},
  status: 'COMPLETED',
  success: 'unknown',
  exit: '',
  sessionCs: 0,
};

/** What a commit writes, worked out from the attempt as read: the item's row, the attempt's fields, the new status. */
interface CommitPlan {
  item: Selectable<ScormScoDataTable>;
  attempt: CommitAttemptFields;
  status: TModuleStatus;
  itemStatus: TModuleStatus;
  /** A learner's training attempt whose status moves writes through to the training (in the locked path). */
  writesThrough: boolean;
}

function planCommit(
  module: RuntimeModule,
  check: Extract<CommitCheck, { ok: true }>,
  body: Body,
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
  const items = [
    ...read.items.filter((r) => r.item_id !== body.itemId),
    { item_id: body.itemId, status: itemStatus, success_status: check.success },
  ].map((r) => ({ itemId: r.item_id, status: r.status as TModuleStatus, success: r.success_status as TSuccessStatus }));
  const rolled = rollUpModule(module.manifest.launchables, items);
  const { attempt } = read;
  const status = laterStatus(attempt.status as TModuleStatus, rolled.status);
  return {
    item: {
      attempt_id: attempt.id,
      item_id: body.itemId,
      client_id: attempt.client_id,
      cmi: JSON.stringify(check.saved),
      status: itemStatus,
      success_status: check.success,
      exit: check.exit,
      total_time_cs: base + check.sessionCs,
      time_base_cs: base,
      time_instance: instance,
      commit_session: body.session,
      commit_seq: body.seq,
      created_at: now,
      updated_at: now,
    },
    attempt: {
      status,
      success_status: rolled.success,
      last_item_id: body.itemId,
      completed_at: attempt.completed_at ?? (status === 'COMPLETED' ? now : null),
      updated_at: now,
    },
    status,
    itemStatus,
    // A content master's preview never counts (it has no training).
    writesThrough: attempt.kind === 'training' && !!attempt.training_id && status !== attempt.status,
  };
}

const okOutcome = (plan: CommitPlan): CommitOutcome => ({
  kind: 'ok',
  result: { result: 'true', errorCode: 0, moduleStatus: plan.status, itemStatus: plan.itemStatus },
});

/**
 * A player's commit (`POST /runtime/<token>/commit`). The token is checked without the database and the module's
 * manifest comes from the runtime module cache; the learner is not read (the commit needs nothing of them, and a
 * deleted user's attempts are gone with them). Issue 15 (the commit's throughput):
 * - SQLite, most commits: in the write batch (db/sqlite-write-batch.ts), the commits that arrive together share one
 *   transaction, and each runs its read and two writes as plain SQL on kept statements.
 * - PostgreSQL, most commits: one read of the attempt with its items, then one statement that writes both on the
 *   condition that the attempt is unchanged since (writeCommitIfUnchanged). Two round trips.
 * - Otherwise (a commit that moves the training's status; on PostgreSQL also one that raced another): the locked
 *   path, one transaction: BEGIN, the locked read, the item, the attempt, the training's write-through, COMMIT.
 */
export async function commitItem(deps: AppDeps, token: string, body: Body): Promise<CommitOutcome> {
  const claims = checkToken(deps, token);
  // The commit reads only the launchables, which no locale changes.
  const module = (await findRuntimeModuleCached(deps.db, claims.c, claims.m, DEFAULT_LOCALE)) ?? notFound('module');
  const launchable = findLaunchable(module, body.itemId);
  const check = launchable.scormType === 'asset' || !body.cmi ? openedAsset : modelOf(module).checkCommit(body.cmi);
  const clientId = claims.c;
  const attemptId = claims.a;
  const batch = sqliteWriteBatchOf(deps.db);
  if (batch) {
    const outcome = await batch.run((s) => {
      const read = readAttemptForCommitSync(s, clientId, attemptId);
      attemptOf(claims, read?.attempt);
      return decide(module, check, body, read as CommitRead, (plan) => {
        if (plan.writesThrough) return 'locked';
        writeCommitSync(s, plan.attempt, plan.item);
        return okOutcome(plan);
      });
    });
    if (outcome !== 'locked') return outcome;
  } else if (deps.dialect === 'postgres') {
    const read = await readAttemptForCommit(deps.db, deps.dialect, clientId, attemptId, false);
    attemptOf(claims, read?.attempt);
    const outcome = await decideAsync(module, check, body, read as CommitRead, async (plan) => {
      if (plan.writesThrough || !read?.version) return 'locked';
      const key = { clientId, attemptId, version: read.version };
      return (await writeCommitIfUnchanged(deps.db, key, plan.attempt, plan.item)) ? okOutcome(plan) : 'locked';
    });
    if (outcome !== 'locked') return outcome;
  }
  return deps.db.transaction().execute(async (trx) => {
    const read = await readAttemptForCommit(trx, deps.dialect, clientId, attemptId, true);
    const attempt = attemptOf(claims, read?.attempt);
    return decideAsync(module, check, body, read as CommitRead, async (plan) => {
      await upsertScoData(trx, plan.item);
      await updateAttempt(trx, clientId, attemptId, plan.attempt);
      if (plan.writesThrough && attempt.training_id)
        await recordModuleProgress(trx, {
          clientId,
          trainingId: attempt.training_id,
          userId: attempt.user_id,
          moduleId: attempt.module_id,
          status: plan.status,
          at: plan.item.updated_at,
        });
      return okOutcome(plan);
    });
  });
}

/**
 * A commit's outcome once its attempt is read: refused when its data is invalid (a refused commit changes nothing:
 * the previous data stays, issue 5) or stale, else whatever `write` makes of the plan ('locked': take the locked path).
 */
function decide<R>(
  module: RuntimeModule,
  check: CommitCheck,
  body: Body,
  read: CommitRead,
  write: (plan: CommitPlan) => R,
): R | CommitOutcome {
  if (!check.ok) return { kind: 'invalid', errorCode: check.errorCode, element: check.element, message: check.message };
  const plan = planCommit(module, check, body, read);
  if (plan === 'stale') return { kind: 'stale', errorCode: staleErrorCode(module) };
  return write(plan);
}

const decideAsync = async <R>(
  module: RuntimeModule,
  check: CommitCheck,
  body: Body,
  read: CommitRead,
  write: (plan: CommitPlan) => Promise<R>,
): Promise<R | CommitOutcome> => decide(module, check, body, read, write);
