import { DEFAULT_LOCALE } from '@lms/contracts/constants';
import type { TSuccessStatus } from '@lms/contracts/scorm-runtime';
import { sqliteWriteBatchOf } from '../../db/sqlite-write-batch';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { publish } from '../../platform/events';
import { commitInPostgresBatch, commitInSqliteBatch } from './runtime-commit-batch';
import {
  decide,
  okOutcome,
  openedAsset,
  type CheckedCommit,
  type CommitBody,
  type CommitOutcome,
} from './runtime-commit-plan';
import { attemptOf, checkToken, findLaunchable, modelOf } from './runtime.service';
import { findRuntimeModuleCached } from './runtime-module-cache';
import { readAttemptForCommit, updateAttempt, upsertScoData, type CommitRead } from './scorm-runtime.repository';

export type { CommitOutcome } from './runtime-commit-plan';

/**
 * A player's commit (`POST /runtime/<token>/commit`). The token is checked without the database and the module's
 * manifest comes from the runtime module cache; the learner is not read (the commit needs nothing of them, and a
 * deleted user's attempts are gone with them). Issue 15 (the commit's throughput): most commits are written in a
 * batch with the others that arrive in the same turn (runtime-commit-batch.ts): on SQLite one transaction for the
 * batch, on PostgreSQL one read and one conditional write for it. A commit that moves the training's status, or on
 * PostgreSQL one whose attempt another commit changed meanwhile, takes the locked path: one transaction of its own,
 * BEGIN, the locked read, the item, the attempt, the training's write-through, COMMIT.
 */
export async function commitItem(deps: AppDeps, token: string, body: CommitBody): Promise<CommitOutcome> {
  const claims = checkToken(deps, token);
  // The commit reads only the launchables, which no locale changes.
  const module = (await findRuntimeModuleCached(deps.db, claims.c, claims.m, DEFAULT_LOCALE)) ?? notFound('module');
  const launchable = findLaunchable(module, body.itemId);
  const check = launchable.scormType === 'asset' || !body.cmi ? openedAsset : modelOf(module).checkCommit(body.cmi);
  const commit: CheckedCommit = { claims, module, check, body };
  const batch = sqliteWriteBatchOf(deps.db);
  const batched = batch
    ? await commitInSqliteBatch(batch, commit)
    : deps.dialect === 'postgres'
      ? await commitInPostgresBatch(deps.db, commit)
      : 'locked';
  return batched === 'locked' ? commitLocked(deps, commit) : batched;
}

function commitLocked(deps: AppDeps, commit: CheckedCommit): Promise<CommitOutcome> {
  const { claims } = commit;
  return deps.db.transaction().execute(async (trx) => {
    const read = await readAttemptForCommit(trx, deps.dialect, claims.c, claims.a);
    const attempt = attemptOf(claims, read?.attempt);
    return decide(commit, read as CommitRead, async (plan) => {
      await upsertScoData(trx, plan.item);
      await updateAttempt(trx, claims.c, claims.a, plan.attempt);
      if (plan.writesThrough && attempt.training_id)
        await publish('module.status-committed', {
          trx,
          clientId: claims.c,
          trainingId: attempt.training_id,
          userId: attempt.user_id,
          moduleId: attempt.module_id,
          status: plan.status,
          success: plan.attempt.success_status as TSuccessStatus,
          score: { pct: plan.attempt.score_pct, raw: plan.attempt.score_raw },
          at: plan.item.updated_at,
        });
      return okOutcome(plan);
    });
  });
}
