import type { Config } from '../src/config';
import { createMailDeliveryHandler } from '../src/features/mail/mail-delivery';
import type { Db } from '../src/db/database';
import type { AppDeps } from '../src/platform/deps';
import { runDueJobs, type JobHandler } from '../src/platform/jobs';

/** The test's clock: the worker sees this time, and tests move it on instead of sleeping through backoff waits. */
export class TestClock {
  /** Starts a little ahead of the wall clock, so what was just queued is already due. */
  constructor(private t = new Date(Date.now() + 5_000)) {}
  now = (): Date => this.t;
  advanceMinutes(minutes: number): void {
    this.t = new Date(this.t.getTime() + minutes * 60_000);
  }
  set(at: Date): void {
    this.t = at;
  }
}

/** Deps for a worker that sends through the given platform SMTP_URL (or none: the outbox) and client SMTP. */
export const workerDeps = (deps: AppDeps, config: Partial<Config> = {}): AppDeps => ({
  ...deps,
  config: { ...deps.config, ...config },
});

/** Runs worker rounds at the clock's time until no job is due any more; answers how many jobs ran. */
export async function drainJobs(
  deps: AppDeps,
  handlers: readonly JobHandler[],
  clock: TestClock,
  concurrency = 8,
): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await runDueJobs(deps, handlers, { now: clock.now, concurrency, workerId: 'test-worker' });
    total += n;
    if (n === 0) return total;
  }
}

export const mailHandler = (): JobHandler => createMailDeliveryHandler();

/** A client's queue by status: how many mails, and the most attempts any of them took. */
export async function mailStatusCounts(db: Db, clientId: string) {
  const rows = await db
    .selectFrom('mail_queue')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.max('attempts').as('maxAttempts')])
    .where('client_id', '=', clientId)
    .groupBy('status')
    .execute();
  return rows.map((r) => ({ status: r.status, n: Number(r.n), maxAttempts: Number(r.maxAttempts) }));
}
