import { setImmediate as turnEnded } from 'node:timers/promises';

/** One caller's answer out of a batch: its value or its error. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * Gathers the calls made in one turn of the event loop and hands them to `flush` together; each caller gets its own
 * answer (`flush` answers one Settled per item, in order). A flush that throws fails every caller of its batch.
 * setImmediate runs after the poll phase, so every request that arrived in the same turn joins the batch: the write
 * batches of the SCORM commit (issue 15: one transaction or one round trip for many commits).
 *
 * Hand-written: the batching libraries (dataloader and the like) batch reads by key and cache them; these batches are
 * writes that must each be answered after their own outcome, never from a cache.
 */
export function turnBatch<I, O>(flush: (items: I[]) => Promise<Array<Settled<O>>>): (item: I) => Promise<O> {
  let queue: Array<{ item: I; resolve: (value: O) => void; reject: (error: unknown) => void }> = [];
  const run = async () => {
    const calls = queue;
    queue = [];
    let settled: Array<Settled<O>>;
    try {
      settled = await flush(calls.map((c) => c.item));
    } catch (error) {
      for (const call of calls) call.reject(error);
      return;
    }
    calls.forEach((call, i) => {
      const s = settled[i];
      if (s?.ok) call.resolve(s.value);
      else call.reject(s ? s.error : new Error('turnBatch: flush answered fewer items than it was given'));
    });
  };
  return (item) =>
    new Promise<O>((resolve, reject) => {
      if (queue.length === 0) setImmediate(() => void run());
      queue.push({ item, resolve, reject });
    });
}

/** Runs `fn`, catching what it throws as that item's error. */
export function settle<T>(fn: () => T): Settled<T> {
  try {
    return { ok: true, value: fn() };
  } catch (error) {
    return { ok: false, error };
  }
}

/**
 * Gives the event loop a turn: call it between the batches of a long job. On SQLite a statement runs synchronously,
 * so a loop of batches never let the server read a request: a 10,000-row import, a clean-up or a mailing to a large
 * group held every other request of the process until it ended (found by test/import-kill.test.ts, issue 33).
 */
export const nextTurn = (): Promise<void> => turnEnded();
