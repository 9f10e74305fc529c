import os from 'node:os';
import { JOB_POLL_INTERVAL_MS } from '@lms/contracts/constants';
import type { TJobProgress } from '@lms/contracts/jobs';
import type { AppDeps } from './deps';
import { newId } from './ids';
import type { DbOrTrx } from '../db/database';
import {
  DEFAULT_RETRY_POLICY,
  LeaseLostError,
  PermanentJobError,
  RetryJobError,
  nextRetryAt,
  type RetryPolicy,
} from './jobs-retry';
import {
  claimJobs,
  completeJob,
  extendLease,
  failAbandonedJobs,
  failJob,
  recordJobProgress,
  rescheduleJob,
  type JobLease,
  type JobRow,
} from './jobs-store';

/** What a handler sees of the job it runs. */
export interface JobContext<P = unknown> {
  readonly job: { id: string; clientId: string | null; kind: string; attempts: number; createdAt: string; payload: P };
  readonly deps: AppDeps;
  /** Aborted when the worker stops; long jobs check it between steps. */
  readonly signal: AbortSignal;
  now(): Date;
  /** Extends the lease; false when the lease was lost (another worker has the job now). */
  heartbeat(): Promise<boolean>;
  /**
   * Records progress (and extends the lease). Given the handler's transaction, it is written in it, and a lost lease
   * throws LeaseLostError there, so the work of a worker that lost its job never commits.
   */
  progress(progress: Partial<TJobProgress>, trx?: DbOrTrx): Promise<void>;
  /** When the job runs again if it fails now with a passing error; null when it would fail for good. */
  retryAt(): Date | null;
}

/** One kind of background work. `run` answers the job's result (JSON); throwing retries it by the policy. */
export interface JobHandler<P = unknown> {
  readonly kind: string;
  readonly retry?: RetryPolicy;
  readonly leaseMs?: number;
  run(ctx: JobContext<P>): Promise<unknown>;
  /** Frees what the handler keeps between jobs (pooled connections); called when the workers stop. */
  close?(): Promise<void>;
}

export interface WorkerLog {
  error(obj: object, msg: string): void;
  debug?(obj: object, msg: string): void;
}

export interface WorkerOptions {
  workerId?: string;
  /** How long an idle worker waits before it looks for due jobs again. */
  pollMs?: number;
  /** Jobs one worker runs at the same time. */
  concurrency?: number;
  leaseMs?: number;
  /** The clock; tests move it forward instead of sleeping through backoff waits. */
  now?: () => Date;
  log?: WorkerLog;
}

const DEFAULT_LEASE_MS = 60_000;
const consoleLog: WorkerLog = { error: (obj, msg) => console.error(msg, obj) };

export const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err)).slice(0, 2_000);

interface Runner {
  deps: AppDeps;
  byKind: Map<string, JobHandler>;
  workerId: string;
  concurrency: number;
  leaseMs: number;
  now: () => Date;
  log: WorkerLog;
  signal: AbortSignal;
}

function makeRunner(deps: AppDeps, handlers: readonly JobHandler[], o: WorkerOptions, signal: AbortSignal): Runner {
  return {
    deps,
    byKind: new Map(handlers.map((h) => [h.kind, h])),
    workerId: o.workerId ?? `${os.hostname()}:${process.pid}:${newId().slice(-8)}`,
    concurrency: o.concurrency ?? 4,
    leaseMs: o.leaseMs ?? DEFAULT_LEASE_MS,
    now: o.now ?? (() => new Date()),
    log: o.log ?? consoleLog,
    signal,
  };
}

async function runJob(r: Runner, row: JobRow): Promise<void> {
  const { db } = r.deps;
  const handler = r.byKind.get(row.kind);
  if (!handler || !row.lease_token) return;
  const lease: JobLease = { id: row.id, leaseToken: row.lease_token };
  const leaseMs = handler.leaseMs ?? r.leaseMs;
  const policy = handler.retry ?? DEFAULT_RETRY_POLICY;
  const jobInfo = { attempts: row.attempts, createdAt: row.created_at };
  const ctx: JobContext = {
    job: {
      id: row.id,
      clientId: row.client_id,
      kind: row.kind,
      attempts: row.attempts,
      createdAt: row.created_at,
      payload: JSON.parse(row.payload),
    },
    deps: r.deps,
    signal: r.signal,
    now: r.now,
    heartbeat: () => extendLease(db, lease, r.now(), leaseMs),
    progress: async (p, trx) => {
      const held = await recordJobProgress(trx ?? db, lease, p, r.now(), leaseMs);
      if (trx && !held) throw new LeaseLostError(`job ${row.id}: the lease was lost`);
    },
    retryAt: () => nextRetryAt(policy, jobInfo, r.now()),
  };
  // The lease is kept alive while the handler runs; a worker that dies stops renewing it and the job is taken again.
  const beat = setInterval(
    () => {
      ctx.heartbeat().catch((err: unknown) => r.log.error({ err, jobId: row.id }, 'job heartbeat failed'));
    },
    Math.max(1_000, Math.floor(leaseMs / 3)),
  );
  beat.unref();
  try {
    const result = await handler.run(ctx);
    await completeJob(db, lease, result ?? null, r.now());
    r.log.debug?.({ jobId: row.id, kind: row.kind }, 'job done');
  } catch (err) {
    await settleFailure(r, lease, err, ctx.retryAt()).catch((e: unknown) =>
      r.log.error({ err: e, jobId: row.id }, 'could not record a job failure; its lease will run out'),
    );
  } finally {
    clearInterval(beat);
  }
}

async function settleFailure(r: Runner, lease: JobLease, err: unknown, policyAt: Date | null): Promise<void> {
  const { db } = r.deps;
  const message = errorText(err);
  const at = err instanceof PermanentJobError ? null : err instanceof RetryJobError ? err.at : policyAt;
  if (!(err instanceof PermanentJobError) && !(err instanceof RetryJobError)) {
    r.log.error({ err, jobId: lease.id }, 'job failed');
  }
  if (at) await rescheduleJob(db, lease, at, message, r.now());
  else await failJob(db, lease, message, r.now());
}

/** One round: claims the due jobs this worker can run and runs them. Answers how many it took. */
export async function runDueJobs(
  deps: AppDeps,
  handlers: readonly JobHandler[],
  o: WorkerOptions = {},
  signal = new AbortController().signal,
): Promise<number> {
  const r = makeRunner(deps, handlers, o, signal);
  return runRound(r);
}

async function runRound(r: Runner): Promise<number> {
  const now = r.now();
  await failAbandonedJobs(r.deps.db, now);
  const rows = await claimJobs(r.deps.db, r.deps.dialect, {
    workerId: r.workerId,
    kinds: [...r.byKind.keys()],
    limit: r.concurrency,
    now,
    leaseMs: r.leaseMs,
  });
  await Promise.all(rows.map((row) => runJob(r, row)));
  return rows.length;
}

/** The running workers of this process: wakeWorkers makes each look for due jobs now. */
const wakers = new Set<() => void>();

/**
 * Call after the transaction that enqueued a job has committed, when someone waits for it (issue 15: an import
 * started up to JOB_POLL_INTERVAL_MS after its request, a fifth of its time). This process's workers look for due
 * jobs now instead of at their next poll; a worker in a round looks again right after it. Workers of other
 * processes still find the job at their next poll.
 */
export function wakeWorkers(): void {
  for (const wake of wakers) wake();
}

/**
 * Starts this process's worker: it keeps taking due jobs while there are any and polls every `pollMs` otherwise.
 * Answers the stop function: it lets the running jobs finish, then frees the handlers' connections.
 */
export function startWorkers(
  deps: AppDeps,
  handlers: readonly JobHandler[],
  o: WorkerOptions = {},
): () => Promise<void> {
  const abort = new AbortController();
  const r = makeRunner(deps, handlers, o, abort.signal);
  const pollMs = o.pollMs ?? JOB_POLL_INTERVAL_MS;
  let wake: (() => void) | undefined;
  // Set by a wake during a round, whose claim may have run before the woken-for job committed: no wait after it.
  let woken = false;
  const nudge = () => {
    woken = true;
    wake?.();
  };
  wakers.add(nudge);
  const loop = (async () => {
    while (!abort.signal.aborted) {
      woken = false;
      let taken = 0;
      try {
        taken = await runRound(r);
      } catch (err) {
        r.log.error({ err }, 'job worker round failed');
      }
      if (taken === 0 && !woken && !abort.signal.aborted) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
      }
    }
  })();
  return async () => {
    wakers.delete(nudge);
    abort.abort();
    wake?.();
    await loop;
    for (const h of handlers) await h.close?.();
  };
}
