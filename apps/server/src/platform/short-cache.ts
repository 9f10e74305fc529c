import type { FastifyReply } from 'fastify';
import type { DbOrTrx } from '../db/database';
import { writeGeneration, type WriteFamily } from '../db/write-generation';
import { Lru } from './lru';

export interface ShortCacheOptions<T> {
  /** How long an answer is kept (the staleness bound for another process's writes). */
  ms: number;
  /**
   * Entries kept at most: when full, the least recently used entry makes room (never the whole cache: a cache emptied
   * whole when full never hit once the users outnumbered it, issue 33).
   */
  entries: number;
  /** The write families whose tables the answer is read from: a write in this process drops the entry at once. */
  families: readonly WriteFamily[];
  /** Whether an answer is kept (default: every answer); e.g. "not found" is read again next time. */
  keep?: (value: T) => boolean;
}

let enabled = true;

/**
 * Turns every short cache of this process on or off (SHORT_CACHES=off, config.ts): off, each call reads the database,
 * which is what a request costs whose entry is not there; the bench measures the per-user reads both ways.
 */
export const setShortCachesEnabled = (on: boolean): void => {
  enabled = on;
};

interface Entry<T> {
  stamp: string;
  until: number;
  value: Promise<T>;
}

/**
 * A per-process cache of answers read from the database, for a few seconds (issue 15: "no work per request that a
 * cache of a few seconds could serve"). An entry keeps the write generations (db/write-generation) it was read
 * under and is dropped as soon as one of them has moved, so a write in this process shows at once. The entry holds
 * the answer's promise: requests that arrive while it is being read wait for that one read instead of each making
 * their own; a failed read is not kept. Inside a transaction nothing is cached (the transaction may have changed
 * what it reads). When full it drops its least recently used entry (platform/lru.ts, issue 33). Hand-written: a
 * library cache knows neither the write generations nor the transaction rule. It serves every short cache of the server: the session check, the learner dashboard and
 * the courses it shows, the runtime's module, the user list's pages and total, a training's status page.
 */
export function shortCache<T>(options: ShortCacheOptions<T>) {
  const entries = new Lru<string, Entry<T>>(options.entries);
  const stampNow = () => options.families.map((f) => writeGeneration(f)).join('.');
  const lookup = (db: DbOrTrx, key: unknown, read: () => Promise<T>): Promise<T> => {
    if (db.isTransaction || !enabled) return read();
    const k = typeof key === 'string' ? key : JSON.stringify(key);
    const now = Date.now();
    const stamp = stampNow();
    const hit = entries.get(k);
    if (hit && hit.until > now && hit.stamp === stamp) return hit.value;
    const value = read();
    const entry = { stamp, until: now + options.ms, value };
    entries.set(k, entry);
    const drop = () => {
      if (entries.peek(k) === entry) entries.delete(k);
    };
    value.then((v) => options.keep?.(v) === false && drop(), drop);
    return value;
  };
  /** How many entries are kept now (for tests). */
  lookup.size = () => entries.size;
  return lookup;
}

/**
 * Sends an answer kept as its JSON text (already validated by the route's contract when it was made) without the
 * route's schema serializer parsing it again.
 */
export const sendJsonText = (reply: FastifyReply, json: string) =>
  reply
    .type('application/json; charset=utf-8')
    .serializer((payload: unknown) => payload as string)
    .send(json);
