import type { TJob, TJobProgress, TJobStatus } from '@lms/contracts/jobs';
import type { TCapability } from '@lms/contracts/permissions';
import type { Expression, ExpressionBuilder, Selectable, SqlBool } from 'kysely';
import type { Database, Db, DbOrTrx, Dialect, JobsTable } from '../db/database';
import { newId } from './ids';
import { chunks } from '../db/chunks';

export type JobRow = Selectable<JobsTable>;

/** A claimed job: the lease token fences every later write, so a worker whose lease ran out changes nothing. */
export interface JobLease {
  id: string;
  leaseToken: string;
}

export interface EnqueueJobInput {
  clientId: string | null;
  kind: string;
  payload: unknown;
  runAt?: Date;
  maxAttempts?: number;
  createdBy?: string | null;
  /** Who may read the job besides its creator (GET /api/jobs/{id}). */
  capability?: TCapability | null;
  total?: number;
}

const iso = (d: Date) => d.toISOString();

/** Inserts a job; called inside the caller's transaction, so the job exists exactly when the change commits. */
export async function enqueueJob(db: DbOrTrx, input: EnqueueJobInput, now = new Date()): Promise<string> {
  const [id] = await enqueueJobs(db, [input], now);
  return id as string;
}

/**
 * Inserts many jobs with one statement per chunk (issue 15: an import's 10,000 mail jobs were 10,000 round trips,
 * most of its time on PostgreSQL). Answers their ids in input order; inside the caller's transaction like enqueueJob.
 */
export async function enqueueJobs(
  db: DbOrTrx,
  inputs: readonly EnqueueJobInput[],
  now = new Date(),
): Promise<string[]> {
  const rows = inputs.map((input) => ({
    id: newId(),
    client_id: input.clientId,
    kind: input.kind,
    status: 'queued',
    payload: JSON.stringify(input.payload ?? null),
    result: null,
    last_error: null,
    attempts: 0,
    max_attempts: input.maxAttempts ?? 25,
    run_at: iso(input.runAt ?? now),
    lease_until: null,
    lease_token: null,
    locked_by: null,
    heartbeat_at: null,
    progress_total: input.total ?? 0,
    progress_done: 0,
    progress_succeeded: 0,
    progress_failed: 0,
    created_by: input.createdBy ?? null,
    capability: input.capability ?? null,
    created_at: iso(now),
    started_at: null,
    finished_at: null,
    updated_at: iso(now),
  }));
  for (const chunk of chunks(rows)) await db.insertInto('jobs').values(chunk).execute();
  return rows.map((r) => r.id);
}

export interface ClaimOptions {
  workerId: string;
  kinds: readonly string[];
  limit: number;
  now: Date;
  leaseMs: number;
}

/**
 * Takes up to `limit` due jobs: running ones whose lease ran out (their worker died) first, then queued ones whose
 * time has come, oldest first. PostgreSQL: `FOR UPDATE SKIP LOCKED`, so concurrent workers never take the same row
 * and never wait on each other. SQLite: one statement is atomic and the embedded default runs a single worker
 * (ARCHITECTURE section 7).
 *
 * Two statements, each reading one index range in order and stopping after `limit` rows (issue 15): one statement
 * with `(queued and due) or (running and expired)` made SQLite merge both ranges and sort every queued job for each
 * claim, 10,000 queued mails sorted again for every 4 taken, on the thread that also answers requests.
 */
export async function claimJobs(db: Db, dialect: Dialect, o: ClaimOptions): Promise<JobRow[]> {
  if (o.kinds.length === 0 || o.limit < 1) return [];
  const now = iso(o.now);
  const expired = await claimWhere(db, dialect, o, o.limit, (w) =>
    w.and([w('status', '=', 'running'), w('lease_until', '<', now)]),
  );
  if (expired.length >= o.limit) return expired;
  const due = await claimWhere(db, dialect, o, o.limit - expired.length, (w) =>
    w.and([w('status', '=', 'queued'), w('run_at', '<=', now)]),
  );
  return [...expired, ...due];
}

async function claimWhere(
  db: Db,
  dialect: Dialect,
  o: ClaimOptions,
  limit: number,
  which: (w: ExpressionBuilder<Database, 'jobs'>) => Expression<SqlBool>,
): Promise<JobRow[]> {
  const now = iso(o.now);
  const leaseToken = newId();
  return db
    .updateTable('jobs')
    .set((eb) => ({
      status: 'running',
      lease_token: leaseToken,
      locked_by: o.workerId,
      lease_until: iso(new Date(o.now.getTime() + o.leaseMs)),
      heartbeat_at: now,
      attempts: eb('attempts', '+', 1),
      started_at: eb.fn.coalesce('started_at', eb.val(now)),
      updated_at: now,
    }))
    .where('id', 'in', (eb) => {
      const due = eb
        .selectFrom('jobs')
        .select('id')
        .where('kind', 'in', o.kinds)
        .where(which)
        .whereRef('attempts', '<', 'max_attempts')
        .orderBy('run_at')
        .limit(limit);
      return dialect === 'postgres' ? due.forUpdate().skipLocked() : due;
    })
    .returningAll()
    .execute();
}

/** A job whose worker died again and again ends as failed instead of being taken forever. */
export async function failAbandonedJobs(db: Db, now: Date): Promise<number> {
  const res = await db
    .updateTable('jobs')
    .set({
      status: 'failed',
      last_error: 'The worker stopped too often while running this job.',
      finished_at: iso(now),
      updated_at: iso(now),
    })
    .where('status', '=', 'running')
    .where('lease_until', '<', iso(now))
    .whereRef('attempts', '>=', 'max_attempts')
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/**
 * Deletes up to `limit` finished (succeeded or failed) jobs of `kind` (null: of every kind) that finished before
 * `before`; answers how many. A kind nobody reads after it ran (a feature's jobs made from a public call) goes
 * early; every finished job goes after the retention clean-up's FINISHED_JOB_KEEP_DAYS.
 */
export async function deleteFinishedJobs(
  db: DbOrTrx,
  kind: string | null,
  before: Date,
  limit: number,
): Promise<number> {
  const res = await db
    .deleteFrom('jobs')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('jobs')
        .select('id')
        .$if(kind !== null, (q) => q.where('kind', '=', kind ?? ''))
        .where('status', 'in', ['succeeded', 'failed'])
        .where('finished_at', '<', iso(before))
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

const leased = (db: DbOrTrx, lease: JobLease) =>
  db
    .updateTable('jobs')
    .where('id', '=', lease.id)
    .where('lease_token', '=', lease.leaseToken)
    .where('status', '=', 'running');

export async function extendLease(db: DbOrTrx, lease: JobLease, now: Date, leaseMs: number): Promise<boolean> {
  const res = await leased(db, lease)
    .set({ lease_until: iso(new Date(now.getTime() + leaseMs)), heartbeat_at: iso(now), updated_at: iso(now) })
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

export async function recordJobProgress(
  db: DbOrTrx,
  lease: JobLease,
  progress: Partial<TJobProgress>,
  now: Date,
  leaseMs: number,
): Promise<boolean> {
  const res = await leased(db, lease)
    .set({
      ...(progress.total !== undefined ? { progress_total: progress.total } : {}),
      ...(progress.done !== undefined ? { progress_done: progress.done } : {}),
      ...(progress.succeeded !== undefined ? { progress_succeeded: progress.succeeded } : {}),
      ...(progress.failed !== undefined ? { progress_failed: progress.failed } : {}),
      lease_until: iso(new Date(now.getTime() + leaseMs)),
      heartbeat_at: iso(now),
      updated_at: iso(now),
    })
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

const releasedFields = { lease_until: null, lease_token: null, locked_by: null } as const;

export async function completeJob(db: DbOrTrx, lease: JobLease, result: unknown, now: Date): Promise<boolean> {
  const res = await leased(db, lease)
    .set({
      ...releasedFields,
      status: 'succeeded',
      result: result === undefined ? null : JSON.stringify(result),
      last_error: null,
      finished_at: iso(now),
      updated_at: iso(now),
    })
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

export async function rescheduleJob(
  db: DbOrTrx,
  lease: JobLease,
  at: Date,
  error: string,
  now: Date,
): Promise<boolean> {
  const res = await leased(db, lease)
    .set({ ...releasedFields, status: 'queued', run_at: iso(at), last_error: error, updated_at: iso(now) })
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

export async function failJob(db: DbOrTrx, lease: JobLease, error: string, now: Date): Promise<boolean> {
  const res = await leased(db, lease)
    .set({ ...releasedFields, status: 'failed', last_error: error, finished_at: iso(now), updated_at: iso(now) })
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

/** Cancels a job that has not started; a running one finishes (its handler decides what a cancel means). */
export async function cancelQueuedJob(db: DbOrTrx, clientId: string, id: string, now = new Date()): Promise<boolean> {
  const res = await db
    .updateTable('jobs')
    .set({ status: 'cancelled', finished_at: iso(now), updated_at: iso(now) })
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

export const findJobById = (db: DbOrTrx, clientId: string, id: string) =>
  db.selectFrom('jobs').selectAll().where('client_id', '=', clientId).where('id', '=', id).executeTakeFirst();

export function presentJob(row: JobRow): TJob {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status as TJobStatus,
    progress: {
      total: row.progress_total,
      done: row.progress_done,
      succeeded: row.progress_succeeded,
      failed: row.progress_failed,
    },
    result: row.result === null ? null : (JSON.parse(row.result) as unknown),
    error: row.last_error,
    attempts: row.attempts,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    updatedAt: row.updated_at,
  };
}
