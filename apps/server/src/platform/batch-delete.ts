import { nextTurn } from './turn-batch';

/** Rows a clean-up deletes per statement: short statements hold no long lock on the table. */
export const CLEANUP_BATCH = 1_000;

/**
 * Runs `batch` (a delete of at most CLEANUP_BATCH rows) until it deletes fewer, beating the job's heartbeat between
 * batches; stops early when the worker stops. Answers the number of rows deleted.
 */
export async function deleteInBatches(
  ctx: { signal: AbortSignal; heartbeat(): Promise<boolean> },
  batch: (limit: number) => Promise<number>,
): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await batch(CLEANUP_BATCH);
    total += n;
    if (n < CLEANUP_BATCH || ctx.signal.aborted) return total;
    await ctx.heartbeat();
    await nextTurn();
  }
}
