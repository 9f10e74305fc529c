/**
 * When a failed job runs again. A policy lists the waits after the 1st, 2nd, ... failure, then repeats `thenEveryMs`
 * until `maxAgeMs` after the job was created (or `maxAttempts`), after which the job fails for good.
 */
export interface RetryPolicy {
  delaysMs: readonly number[];
  thenEveryMs?: number;
  maxAgeMs?: number;
  maxAttempts: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  delaysMs: [60_000, 5 * 60_000, 15 * 60_000],
  maxAttempts: 4,
};

/** Answers when attempt number `attempts` (1-based, just failed) is retried, or null when it is not. */
export function nextRetryAt(policy: RetryPolicy, job: { attempts: number; createdAt: string }, now: Date): Date | null {
  if (job.attempts >= policy.maxAttempts) return null;
  const delay = policy.delaysMs[job.attempts - 1] ?? policy.thenEveryMs;
  if (delay === undefined) return null;
  const at = new Date(now.getTime() + delay);
  if (policy.maxAgeMs !== undefined && at.getTime() - Date.parse(job.createdAt) > policy.maxAgeMs) return null;
  return at;
}

/** Thrown by a handler: the job failed for good (no retry), e.g. an SMTP 5xx answer. */
export class PermanentJobError extends Error {
  override readonly name = 'PermanentJobError';
}

/** Thrown by a handler that decided itself when to run again (at = null: fail for good). */
export class RetryJobError extends Error {
  override readonly name = 'RetryJobError';
  constructor(
    message: string,
    readonly at: Date | null,
  ) {
    super(message);
  }
}

/**
 * Thrown by the job context when a progress written inside the handler's transaction finds the lease gone: another
 * worker has taken the job (this one stalled past its lease), so the transaction must not commit a second copy of
 * the work. The handler lets it pass without writing anything of its own.
 */
export class LeaseLostError extends Error {
  override readonly name = 'LeaseLostError';
}
