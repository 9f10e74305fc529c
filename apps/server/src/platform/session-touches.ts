import type { Db } from '../db/database';

/**
 * A session's "last seen" (the idle limit's clock, SESSION_TOUCH_SECONDS apart), written for all sessions seen in
 * the last second in one statement instead of one write per request (issue 33: at 100,000 learners, each asking
 * about once a minute, nearly every dashboard request wrote its session; on PostgreSQL each of those writes was a
 * commit of its own). The time written is the flush's, at most TOUCH_FLUSH_MS after the use; a process killed in
 * between loses that second's touches, which only shortens an idle limit of days by that much.
 */
export const TOUCH_FLUSH_MS = 1_000;
const CHUNK = 500;

interface Pending {
  ids: Set<string>;
  timer: NodeJS.Timeout | undefined;
}
const pendingOf = new WeakMap<Db, Pending>();

/** Marks a session as seen now; written within TOUCH_FLUSH_MS. */
export function touchSessionSoon(db: Db, sessionId: string): void {
  let pending = pendingOf.get(db);
  if (!pending) pendingOf.set(db, (pending = { ids: new Set(), timer: undefined }));
  pending.ids.add(sessionId);
  if (pending.timer) return;
  pending.timer = setTimeout(() => void flushSessionTouches(db).catch(() => undefined), TOUCH_FLUSH_MS);
  pending.timer.unref();
}

/** Writes the touches not written yet (the timer's work; also at shutdown, and in tests). */
export async function flushSessionTouches(db: Db): Promise<void> {
  const pending = pendingOf.get(db);
  if (!pending || pending.ids.size === 0) return;
  clearTimeout(pending.timer);
  pending.timer = undefined;
  const ids = [...pending.ids];
  pending.ids.clear();
  const now = new Date().toISOString();
  for (let i = 0; i < ids.length; i += CHUNK)
    // Past the write-generation plugin: the last use decides nothing a cached session holds (the idle limit is
    // days), and touching every active session each minute would otherwise keep emptying the session cache.
    await db
      .withoutPlugins()
      .updateTable('sessions')
      .set({ last_seen_at: now })
      .where('id', 'in', ids.slice(i, i + CHUNK))
      .execute();
}
