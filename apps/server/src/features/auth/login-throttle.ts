import { LOGIN_RATE_PER_IP_PER_MINUTE } from '@lms/contracts/constants';
import type { Db } from '../../db/database';
import { allowCall, DbRateLimitStore, type RateLimitStore } from '../../platform/rate-limit';

/**
 * DECISIONS "lockout": at most 30 login calls a minute per IP. Counted in the database (platform/rate-limit.ts), so
 * the limit holds across every process behind a balancer; the per-account lockout is in the database too.
 */
export class LoginThrottle {
  readonly #store: RateLimitStore;

  constructor(
    db: Db,
    private readonly bucket: string,
  ) {
    this.#store = new DbRateLimitStore(db);
  }

  /** Records a call; answers false when the IP is over its limit. */
  allow(ip: string, now = Date.now()): Promise<boolean> {
    return allowCall(
      this.#store,
      { bucket: this.bucket, max: LOGIN_RATE_PER_IP_PER_MINUTE, windowMs: 60_000 },
      ip,
      now,
    );
  }
}
