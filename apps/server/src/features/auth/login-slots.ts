/**
 * One password check per account at a time in this process (issue 28 point 3). A sign-in that finds its account's
 * check running is refused at once with 429 `rate_limited` rather than queued: a queue would let one account hold
 * any number of requests open, and a person signs in once, so only a script meets the refusal. Unknown names are
 * held by their normalised spelling, existing accounts by their id (every spelling of one account meets the same
 * hold), so a name with and without an account answer alike. Per process on purpose: across processes the failure
 * count, taken before the check in the database, bounds the guesses.
 */
export class LoginSlots {
  readonly #held = new Set<string>();

  /** Runs `fn` holding `key`; answers undefined, without running it, when `key` is held already. */
  async hold<T>(key: string, fn: () => Promise<T>): Promise<{ value: T } | undefined> {
    if (this.#held.has(key)) return undefined;
    this.#held.add(key);
    try {
      return { value: await fn() };
    } finally {
      this.#held.delete(key);
    }
  }
}
