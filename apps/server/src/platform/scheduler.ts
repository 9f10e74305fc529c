import { JOB_POLL_INTERVAL_MS } from '@lms/contracts/constants';
import type { Selectable } from 'kysely';
import type { AppDeps } from './deps';
import type { WorkerLog } from './jobs';
import { enqueueJob } from './jobs-store';
import type { SchedulesTable } from './schedules.table';

/**
 * Recurring jobs (trainings issue, point 5). A schedule does no work itself: at each due time exactly one process
 * enqueues one ordinary job (platform/jobs.ts), which a worker runs with its retries, lease and progress.
 *
 * Why it is built this way:
 * - The state is one row per schedule in `schedules` (next_due_at), not a timer in memory: every process reads the
 *   same due time, a restart continues where the table says, and downtime shows as a next_due_at in the past.
 * - Exactly once per due time: each process ticks (every JOB_POLL_INTERVAL_MS) and, for a due schedule, moves
 *   next_due_at forward with a compare-and-set (`... where name = ? and next_due_at = <the due time it read>`) and
 *   enqueues the job in the same transaction, only when that update changed the row. Two processes that read the same
 *   due time both try; PostgreSQL makes the second update wait for the first's row lock and then finds the row
 *   changed (0 rows), SQLite serialises the two transactions; either way one job. No lock is held between ticks
 *   and nobody is elected leader, so a process that dies mid-tick leaves nothing to clean up: its transaction rolls
 *   back and the schedule stays due for the next tick of any process.
 * - Due times lie on a fixed UTC grid (every N minutes from midnight UTC, or daily at HH:MM UTC), not "N minutes
 *   after the last run": every process computes the same next due time, and a late run does not drift the schedule.
 * - Catch-up after downtime is the schedule's choice: 'once' enqueues one job for the whole missed period (its
 *   payload names the earliest and the latest missed due time and how many there were), then resumes at the next
 *   future due time: right for clean-ups and for work that looks at "everything due by now", like reminders.
 *   'each' enqueues one job per missed due time, oldest first, each in its own compare-and-set; at most
 *   MAX_CATCH_UP_EACH of them, the older ones are skipped (the first job's payload says how many).
 * - A change of the interval in code (the row remembers the interval it was computed for) restarts the schedule at
 *   the next due time of the new interval, without a run of its own. During a rolling deploy two code versions may
 *   reset it back and forth; neither enqueues twice for a due time, and the newer one wins once the older is gone.
 *
 * A job may still run more than once for one due time when it fails and is retried, or its worker dies; handlers
 * are idempotent (a clean-up deletes what is still there, a reminder is recorded per user, training and day).
 */

export type ScheduleEvery = { minutes: number } | { dailyAt: string };

/** What to do with due times missed while no process ran: one job for all of them, or one job each. */
export type CatchUp = 'once' | 'each';

export interface ScheduleInput<P> {
  /** Unique and stable: it is the row's key, renaming it starts a new schedule. */
  name: string;
  every: ScheduleEvery;
  /** The kind of the job enqueued at each due time; its handler is registered in job-handlers.ts. */
  jobKind: string;
  /** Handed to each job as `payload.data`. */
  payload?: P;
  catchUp: CatchUp;
}

export interface Schedule<P = null> {
  readonly name: string;
  readonly jobKind: string;
  readonly payload: P;
  readonly catchUp: CatchUp;
  /** 'every 15 minutes' or 'daily at 03:15 UTC', stored with the row. */
  readonly interval: string;
  readonly periodMs: number;
  /** Due times are offsetMs + k * periodMs after the epoch. */
  readonly offsetMs: number;
}

/** What a scheduled job finds in `ctx.job.payload`. Times are ISO-8601 UTC. */
export interface ScheduledRun<P = null> {
  schedule: string;
  /** The due time this job is for; after downtime with catchUp 'once', the earliest one missed. */
  dueAt: string;
  /** The latest due time this job stands for: dueAt, unless catchUp 'once' folded missed ones into it. */
  lastDueAt: string;
  /** How many due times this job stands for: 1 on time, more after downtime with catchUp 'once'. */
  dueCount: number;
  /** With catchUp 'each': missed due times dropped beyond MAX_CATCH_UP_EACH (on the first job after downtime). */
  skipped: number;
  data: P;
}

/** One job the scheduler enqueued. */
export interface FiredRun {
  schedule: string;
  jobId: string;
  dueAt: string;
}

export const MAX_CATCH_UP_EACH = 100;

const MINUTE_MS = 60_000;
const DAY_MS = 1_440 * MINUTE_MS;
const iso = (ms: number) => new Date(ms).toISOString();

export function defineSchedule<P = null>(input: ScheduleInput<P>): Schedule<P> {
  if (!/^[a-z0-9][a-z0-9._-]{0,99}$/.test(input.name)) throw new Error(`schedule name '${input.name}' is not valid`);
  let periodMs: number;
  let offsetMs: number;
  let interval: string;
  if ('minutes' in input.every) {
    const { minutes } = input.every;
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > 7 * 1_440)
      throw new Error(`schedule ${input.name}: every.minutes must be a whole number from 1 to 10080`);
    periodMs = minutes * MINUTE_MS;
    offsetMs = 0;
    interval = `every ${minutes} minutes`;
  } else {
    const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(input.every.dailyAt);
    if (!m) throw new Error(`schedule ${input.name}: every.dailyAt must be 'HH:MM' (UTC)`);
    periodMs = DAY_MS;
    offsetMs = (Number(m[1]) * 60 + Number(m[2])) * MINUTE_MS;
    interval = `daily at ${input.every.dailyAt} UTC`;
  }
  return {
    name: input.name,
    jobKind: input.jobKind,
    payload: (input.payload ?? null) as P,
    catchUp: input.catchUp,
    interval,
    periodMs,
    offsetMs,
  };
}

/** The latest due time at or before `t`. */
const dueAtOrBefore = (s: Schedule<unknown>, t: number) =>
  s.offsetMs + Math.floor((t - s.offsetMs) / s.periodMs) * s.periodMs;

/** The first due time after `t`. */
export const nextDueAfter = (s: Schedule<unknown>, t: Date): Date =>
  new Date(dueAtOrBefore(s, t.getTime()) + s.periodMs);

export interface SchedulerOptions {
  /** How often the scheduler looks for due schedules. */
  tickMs?: number;
  /** The clock; tests move it forward instead of waiting for due times. */
  now?: () => Date;
  log?: WorkerLog;
}

export type ScheduleRow = Selectable<SchedulesTable>;
const consoleLog: WorkerLog = { error: (obj, msg) => console.error(msg, obj) };
const names = (schedules: readonly Schedule<unknown>[]) => schedules.map((s) => s.name);

/**
 * One tick: creates missing schedule rows, restarts those whose interval changed, and enqueues the jobs of the due
 * ones. Answers the jobs this call enqueued (another process may have enqueued others).
 */
export async function runDueSchedules(
  deps: AppDeps,
  schedules: readonly Schedule<unknown>[],
  o: SchedulerOptions = {},
): Promise<FiredRun[]> {
  if (schedules.length === 0) return [];
  const now = (o.now ?? (() => new Date()))();
  const log = o.log ?? consoleLog;
  const rows = await deps.db.selectFrom('schedules').selectAll().where('name', 'in', names(schedules)).execute();
  const byName = new Map(rows.map((r) => [r.name, r]));
  const fired: FiredRun[] = [];
  for (const s of schedules) {
    try {
      const row = byName.get(s.name);
      if (!row) await createSchedule(deps, s, now);
      else if (row.interval_spec !== s.interval) await restartSchedule(deps, s, row, now);
      else fired.push(...(await fireDueSchedule(deps, s, row, now, log)));
    } catch (err) {
      log.error({ err, schedule: s.name }, 'schedule tick failed');
    }
  }
  return fired;
}

async function createSchedule(deps: AppDeps, s: Schedule<unknown>, now: Date): Promise<void> {
  // Every process may try at its first tick; the first insert wins and they all computed the same due time.
  await deps.db
    .insertInto('schedules')
    .values({
      name: s.name,
      interval_spec: s.interval,
      next_due_at: nextDueAfter(s, now).toISOString(),
      last_due_at: null,
      last_run_at: null,
      last_job_id: null,
      updated_at: now.toISOString(),
    })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

async function restartSchedule(deps: AppDeps, s: Schedule<unknown>, row: ScheduleRow, now: Date): Promise<void> {
  await deps.db
    .updateTable('schedules')
    .set({ interval_spec: s.interval, next_due_at: nextDueAfter(s, now).toISOString(), updated_at: now.toISOString() })
    .where('name', '=', s.name)
    .where('interval_spec', '=', row.interval_spec)
    .execute();
}

interface Step {
  dueAt: number;
  lastDueAt: number;
  dueCount: number;
  skipped: number;
  next: number;
}

/** The job for the earliest due time still open at `due` (<= now), and where the schedule goes next. */
function stepFrom(s: Schedule<unknown>, due: number, now: number): Step {
  const latest = Math.max(due, dueAtOrBefore(s, now));
  const missed = Math.floor((latest - due) / s.periodMs) + 1;
  if (s.catchUp === 'once')
    return { dueAt: due, lastDueAt: latest, dueCount: missed, skipped: 0, next: dueAtOrBefore(s, now) + s.periodMs };
  const skipped = Math.max(0, missed - MAX_CATCH_UP_EACH);
  const at = due + skipped * s.periodMs;
  return { dueAt: at, lastDueAt: at, dueCount: 1, skipped, next: dueAtOrBefore(s, at) + s.periodMs };
}

/**
 * Enqueues the jobs of one schedule that are due by `now`, starting from the row as this process read it; a row
 * another process has moved on since makes the compare-and-set fail and nothing is enqueued.
 */
export async function fireDueSchedule(
  deps: AppDeps,
  s: Schedule<unknown>,
  row: Pick<ScheduleRow, 'next_due_at'>,
  now: Date,
  log: WorkerLog = consoleLog,
): Promise<FiredRun[]> {
  const fired: FiredRun[] = [];
  let current = row.next_due_at;
  while (Date.parse(current) <= now.getTime()) {
    const step = stepFrom(s, Date.parse(current), now.getTime());
    const expected = current;
    const jobId = await deps.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('schedules')
        .set({
          next_due_at: iso(step.next),
          last_due_at: iso(step.lastDueAt),
          last_run_at: now.toISOString(),
          updated_at: now.toISOString(),
        })
        .where('name', '=', s.name)
        .where('next_due_at', '=', expected)
        .where('interval_spec', '=', s.interval)
        .executeTakeFirst();
      // Another process moved it first: that one enqueued the job for this due time.
      if (moved.numUpdatedRows !== 1n) return null;
      const payload: ScheduledRun<unknown> = {
        schedule: s.name,
        dueAt: iso(step.dueAt),
        lastDueAt: iso(step.lastDueAt),
        dueCount: step.dueCount,
        skipped: step.skipped,
        data: s.payload,
      };
      const id = await enqueueJob(trx, { clientId: null, kind: s.jobKind, payload }, now);
      await trx.updateTable('schedules').set({ last_job_id: id }).where('name', '=', s.name).execute();
      return id;
    });
    if (!jobId) break;
    fired.push({ schedule: s.name, jobId, dueAt: iso(step.dueAt) });
    log.debug?.({ schedule: s.name, dueAt: iso(step.dueAt), dueCount: step.dueCount, jobId }, 'schedule fired');
    current = iso(step.next);
  }
  return fired;
}

/**
 * Starts this process's scheduler beside its job workers. Answers the stop function: it waits for a tick in
 * progress (whose transactions then have committed or rolled back) and enqueues nothing afterwards.
 */
export function startScheduler(
  deps: AppDeps,
  schedules: readonly Schedule<unknown>[],
  o: SchedulerOptions = {},
): () => Promise<void> {
  const all = names(schedules);
  const twice = all.find((n, i) => all.indexOf(n) !== i);
  if (twice) throw new Error(`schedule ${twice} is defined twice`);
  const log = o.log ?? consoleLog;
  const tickMs = o.tickMs ?? JOB_POLL_INTERVAL_MS;
  let stopped = false;
  let wake: (() => void) | undefined;
  const loop = (async () => {
    while (!stopped) {
      try {
        await runDueSchedules(deps, schedules, o);
      } catch (err) {
        log.error({ err }, 'scheduler tick failed');
      }
      if (stopped) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, tickMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  })();
  return async () => {
    stopped = true;
    wake?.();
    await loop;
  };
}
