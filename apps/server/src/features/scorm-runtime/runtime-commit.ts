import type { TModuleStatus, TRuntimeCommitResult, TSuccessStatus } from '@lms/contracts/scorm-runtime';
import type { ZRuntimeCommitBody } from '@lms/contracts/scorm-runtime';
import type { z } from 'zod';
import { DEFAULT_LOCALE } from '@lms/contracts/constants';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { nowIso } from '../../platform/ids';
import type { RuntimeModule } from '../modules/module.service';
import { recordModuleProgress } from '../trainings/training-progress.service';
import type { CommitCheck } from './cmi-model';
import { attemptOf, checkToken, findLaunchable, modelOf } from './runtime.service';
import { findRuntimeModuleCached } from './runtime-module-cache';
import {
  insertScoData,
  listScoData,
  lockAttempt,
  updateAttempt,
  updateScoData,
  type ScoDataRow,
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
const isStale = (row: ScoDataRow | undefined, body: Body) =>
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

/**
 * A player's commit (`POST /runtime/<token>/commit`): BEGIN, four statements and COMMIT, six round trips on
 * PostgreSQL where there were twelve (issue 15), plus the training's write-through when the module's status moves.
 * The token is checked without the database, the module's manifest comes from the runtime module cache, the locked
 * read of the attempt is its only read, and the learner is not read (the commit needs nothing of them, and a deleted
 * user's attempts are gone with them).
 */
export async function commitItem(deps: AppDeps, token: string, body: Body): Promise<CommitOutcome> {
  const claims = checkToken(deps, token);
  // The commit reads only the launchables, which no locale changes.
  const module = (await findRuntimeModuleCached(deps.db, claims.c, claims.m, DEFAULT_LOCALE)) ?? notFound('module');
  const launchable = findLaunchable(module, body.itemId);
  const check = launchable.scormType === 'asset' || !body.cmi ? openedAsset : modelOf(module).checkCommit(body.cmi);
  const clientId = claims.c;
  const attemptId = claims.a;
  return deps.db.transaction().execute(async (trx) => {
    // Serialises the commits of one attempt (PostgreSQL: FOR UPDATE); the item's row comes with its siblings, which
    // the roll-up needs anyway.
    const attempt = attemptOf(claims, await lockAttempt(trx, deps.dialect, clientId, attemptId));
    // A refused commit changes nothing: the previous data stays as it was (issue 5).
    if (!check.ok)
      return { kind: 'invalid', errorCode: check.errorCode, element: check.element, message: check.message } as const;
    const siblings = await listScoData(trx, clientId, attemptId);
    const row = siblings.find((r) => r.item_id === body.itemId);
    if (isStale(row, body)) return { kind: 'stale', errorCode: staleErrorCode(module) } as const;

    // session_time is the whole time of the API instance so far, so it is added to the total the item had when that
    // instance began, never to the previous commit's sum (issue 5 "session_time accumulated into total_time").
    const instance = `${body.session}:${body.instance}`;
    const base = !row ? 0 : row.time_instance === instance ? Number(row.time_base_cs) : Number(row.total_time_cs);
    const now = nowIso();
    const fields = {
      cmi: JSON.stringify(check.saved),
      status: laterStatus((row?.status as TModuleStatus | undefined) ?? 'PENDING', check.status),
      success_status: check.success,
      exit: check.exit,
      total_time_cs: base + check.sessionCs,
      time_base_cs: base,
      time_instance: instance,
      commit_session: body.session,
      commit_seq: body.seq,
      updated_at: now,
    };
    if (row) await updateScoData(trx, clientId, { attemptId, itemId: body.itemId }, fields);
    else
      await insertScoData(trx, {
        attempt_id: attemptId,
        item_id: body.itemId,
        client_id: clientId,
        ...fields,
        created_at: now,
      });

    const items = [
      ...siblings.filter((r) => r.item_id !== body.itemId),
      { item_id: body.itemId, status: fields.status, success_status: fields.success_status },
    ].map((r) => ({
      itemId: r.item_id,
      status: r.status as TModuleStatus,
      success: r.success_status as TSuccessStatus,
    }));
    const rolled = rollUpModule(module.manifest.launchables, items);
    const status = laterStatus(attempt.status as TModuleStatus, rolled.status);
    const completedAt = attempt.completed_at ?? (status === 'COMPLETED' ? now : null);
    await updateAttempt(trx, clientId, attemptId, {
      status,
      success_status: rolled.success,
      last_item_id: body.itemId,
      completed_at: completedAt,
      updated_at: now,
    });
    // A learner's training attempt writes through to the training's module value and status in this transaction;
    // a content master's preview never counts (it has no training).
    if (attempt.kind === 'training' && attempt.training_id && status !== attempt.status) {
      await recordModuleProgress(trx, {
        clientId,
        trainingId: attempt.training_id,
        userId: attempt.user_id,
        moduleId: attempt.module_id,
        status,
        at: now,
      });
    }
    return {
      kind: 'ok',
      result: { result: 'true', errorCode: 0, moduleStatus: status, itemStatus: fields.status },
    } as const;
  });
}
