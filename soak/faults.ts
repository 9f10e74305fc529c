import type { SoakPostgres } from './postgres';
import type { Bucket, Servers } from './stack';
import type { Stats } from './stats';

/** The faults a soak can run, each at its share of the duration (so they never overlap). */
export interface FaultPlan {
  kill: boolean;
  pgRestart: boolean;
  bucketOutage: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How long PostgreSQL stays down in the restart fault, and the bucket in its outage (issue 33: 30 s). */
export const PG_DOWN_MS = 5_000;
export const BUCKET_DOWN_MS = 30_000;

/**
 * Runs the planned faults at 35 %, 55 % and 75 % of the run, each recorded as a window in `stats` (from its start
 * until the process, database or bucket is back). Answers notes for the report.
 */
export async function runFaults(
  plan: FaultPlan,
  durationMs: number,
  deps: { stats: Stats; servers: Servers; postgres: SoakPostgres; bucket: Bucket },
): Promise<string[]> {
  const notes: string[] = [];
  const started = Date.now();
  const at = (share: number) => sleep(Math.max(0, started + share * durationMs - Date.now()));
  if (plan.kill) {
    await at(0.35);
    const slot = deps.servers.slots[1] ?? deps.servers.slots[0]!;
    const w = deps.stats.openFault(`kill -9 process ${slot.index}`);
    const { restartMs } = await deps.servers.killAndRestart(slot);
    w.end = Date.now();
    notes.push(
      `kill -9 of process ${slot.index} (pid changed); it restarted and passed its health check in ${(restartMs / 1000).toFixed(1)} s`,
    );
  }
  if (plan.pgRestart) {
    await at(0.55);
    if (!deps.postgres.own) notes.push('PostgreSQL restart skipped: the soak runs on a shared server (DATABASE_URL)');
    else {
      const w = deps.stats.openFault('PostgreSQL restart');
      await deps.postgres.restart(PG_DOWN_MS);
      w.end = Date.now();
      notes.push(`PostgreSQL stopped (fast) for ${PG_DOWN_MS / 1000} s and started again; no server process restarted`);
    }
  }
  if (plan.bucketOutage) {
    await at(0.75);
    if (!deps.bucket.outage) notes.push("bucket outage skipped: S3_ENDPOINT is not the soak's own s3rver");
    else {
      const w = deps.stats.openFault('bucket outage');
      await deps.bucket.outage(BUCKET_DOWN_MS);
      w.end = Date.now();
      notes.push(`the bucket (s3rver) was unreachable for ${BUCKET_DOWN_MS / 1000} s`);
    }
  }
  return notes;
}
