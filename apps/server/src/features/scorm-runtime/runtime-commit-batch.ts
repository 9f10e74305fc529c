import type { Db } from '../../db/database';
import type { SqliteWriteBatch } from '../../db/sqlite-write-batch';
import { settle, turnBatch, type Settled } from '../../platform/turn-batch';
import { decide, okOutcome, type CheckedCommit, type CommitOutcome, type CommitPlan } from './runtime-commit-plan';
import { attemptOf } from './runtime.service';
import {
  readAttemptForCommitSync,
  readAttemptsForCommit,
  writeCommitsIfUnchanged,
  writeCommitSync,
  type CommitRead,
} from './scorm-runtime.repository';

/** A batched commit's answer; 'locked': the commit was not written here and takes the locked path. */
export type BatchedOutcome = CommitOutcome | 'locked';

/**
 * SQLite: the commit in the database's write batch (db/sqlite-write-batch.ts), on the held connection inside the
 * batch's transaction: the attempt's read, then the item's and the attempt's writes. A commit that moves the
 * training's status writes nothing here (the locked path writes it through to the training).
 */
export const commitInSqliteBatch = (batch: SqliteWriteBatch, commit: CheckedCommit): Promise<BatchedOutcome> =>
  batch.run((s) => {
    const read = readAttemptForCommitSync(s, commit.claims.c, commit.claims.a);
    attemptOf(commit.claims, read?.attempt);
    return decide(commit, read as CommitRead, (plan) => {
      if (plan.writesThrough) return 'locked';
      writeCommitSync(s, plan.attempt, plan.item);
      return okOutcome(plan);
    });
  });

const postgresBatches = new WeakMap<Db, (commit: CheckedCommit) => Promise<BatchedOutcome>>();

/**
 * PostgreSQL: the commit in a batch with those that arrive in the same turn: one statement reads their attempts, one
 * writes them, each on the condition that its attempt is still the version read. Two round trips for the batch where
 * one commit alone took two and the locked path five.
 */
export function commitInPostgresBatch(db: Db, commit: CheckedCommit): Promise<BatchedOutcome> {
  let batch = postgresBatches.get(db);
  if (!batch) postgresBatches.set(db, (batch = turnBatch((commits) => flushPostgres(db, commits))));
  return batch(commit);
}

/** A commit planned in the batch, waiting for the batch's write: its plan and the attempt's version it was read at. */
type Planned = CommitPlan & { version: string };

const isPlanned = (value: BatchedOutcome | Planned): value is Planned =>
  typeof value === 'object' && 'version' in value;

async function flushPostgres(db: Db, commits: CheckedCommit[]): Promise<Array<Settled<BatchedOutcome>>> {
  const reads = await readAttemptsForCommit(db, [...new Set(commits.map((c) => c.claims.a))]);
  const seen = new Set<string>();
  const settled = commits.map((commit) =>
    settle((): BatchedOutcome | Planned => {
      const { claims } = commit;
      const read = reads.get(claims.a);
      attemptOf(claims, read?.attempt.client_id === claims.c ? read.attempt : undefined);
      // A second commit of one attempt in the batch would be planned from the attempt as it was before the first.
      if (seen.has(claims.a)) return 'locked';
      seen.add(claims.a);
      return decide(commit, read as CommitRead, (plan): BatchedOutcome | Planned =>
        plan.writesThrough || !read?.version ? 'locked' : { ...plan, version: read.version },
      );
    }),
  );
  const planned = settled.flatMap((s) => (s.ok && isPlanned(s.value) ? [s.value] : []));
  const written = planned.length > 0 ? await writeCommitsIfUnchanged(db, planned) : new Set<string>();
  // A planned commit whose attempt changed since its read was not written: it takes the locked path.
  return settled.map((s) =>
    s.ok && isPlanned(s.value)
      ? { ok: true, value: written.has(s.value.item.attempt_id) ? okOutcome(s.value) : 'locked' }
      : (s as Settled<BatchedOutcome>),
  );
}
