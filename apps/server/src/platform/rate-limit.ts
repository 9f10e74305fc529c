import type { Db, DbOrTrx } from '../db/database';

// Request limits that hold across processes (issue 16): the counts live in the database every process shares, so
// 30 logins a minute per IP stay 30 behind a balancer with N processes, not N x 30.

export interface RateLimit {
  /** A name for the counted calls ('login'). */
  bucket: string;
  /** Calls allowed per window. */
  max: number;
  windowMs: number;
}

/** Where counts are kept; the database backend is the one used, the interface keeps the rule testable alone. */
export interface RateLimitStore {
  /** Adds one call of `subject` in the window that starts at `windowStart`; answers that window's and the previous window's counts. */
  hit(
    bucket: string,
    subject: string,
    windowStart: Date,
    windowMs: number,
  ): Promise<{ current: number; previous: number }>;
}

/**
 * The limit as a sliding window estimated from two fixed ones (the previous window weighted by how much of it still
 * lies within the last windowMs): one upsert and one read per call, no row per call, and no burst of 2 x max
 * across a window boundary as plain fixed windows allow.
 */
export async function allowCall(
  store: RateLimitStore,
  limit: RateLimit,
  subject: string,
  now = Date.now(),
): Promise<boolean> {
  const windowStart = Math.floor(now / limit.windowMs) * limit.windowMs;
  const { current, previous } = await store.hit(limit.bucket, subject, new Date(windowStart), limit.windowMs);
  const weight = 1 - (now - windowStart) / limit.windowMs;
  return current + Math.floor(previous * weight) <= limit.max;
}

export class DbRateLimitStore implements RateLimitStore {
  constructor(private readonly db: Db) {}

  async hit(bucket: string, subject: string, windowStart: Date, windowMs: number) {
    const start = windowStart.toISOString();
    const before = new Date(windowStart.getTime() - windowMs).toISOString();
    // Insert-or-increment is one atomic statement on both databases: two processes never lose a count. The previous
    // window's count comes back from the same statement (one round trip per login call, issue 15).
    const row = await this.db
      .insertInto('rate_limit_hits')
      .values({ bucket, subject, window_start: start, hits: 1 })
      .onConflict((oc) =>
        oc
          .columns(['bucket', 'subject', 'window_start'])
          .doUpdateSet((eb) => ({ hits: eb('rate_limit_hits.hits', '+', 1) })),
      )
      .returning((eb) => [
        'hits',
        eb
          .selectFrom('rate_limit_hits as before')
          .select('before.hits')
          .where('before.bucket', '=', bucket)
          .where('before.subject', '=', subject)
          .where('before.window_start', '=', before)
          .as('previous'),
      ])
      .executeTakeFirstOrThrow();
    return { current: row.hits, previous: row.previous ?? 0 };
  }
}

/** Deletes the counts of windows that started before `before` (the daily clean-up); answers how many. */
export async function deleteOldRateLimitHits(db: DbOrTrx, before: Date): Promise<number> {
  const res = await db
    .deleteFrom('rate_limit_hits')
    .where('window_start', '<', before.toISOString())
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
