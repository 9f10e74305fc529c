import { LOGIN_RATE_PER_IP_PER_MINUTE } from '@lms/contracts/constants';

/**
 * DECISIONS "lockout": at most 30 login calls a minute per IP. Kept in process memory: with N processes behind a
 * balancer the effective limit is N times higher, which the per-account lockout (stored in the database) backs up.
 */
export class LoginThrottle {
  readonly #hits = new Map<string, number[]>();

  /** Records a call; answers false when the IP is over its limit. */
  allow(ip: string, now = Date.now()): boolean {
    const windowStart = now - 60_000;
    const recent = (this.#hits.get(ip) ?? []).filter((t) => t > windowStart);
    if (recent.length >= LOGIN_RATE_PER_IP_PER_MINUTE) {
      this.#hits.set(ip, recent);
      return false;
    }
    recent.push(now);
    this.#hits.set(ip, recent);
    if (this.#hits.size > 50_000) this.#prune(windowStart);
    return true;
  }

  #prune(windowStart: number): void {
    for (const [ip, times] of this.#hits) if (!times.some((t) => t > windowStart)) this.#hits.delete(ip);
  }
}
