import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessCleanupSchedule } from '../src/features/account/access-cleanup.job';
import { createJobHandlers, jobSchedules } from '../src/job-handlers';
import type { ScheduledRun } from '../src/platform/scheduler';
import { startServerProcess, type ServerProcess } from './server-process';
import { createTestDb, type TestDb } from './test-db';

it('registers a job handler for the kind of every schedule', () => {
  const kinds = new Set(createJobHandlers().map((h) => h.kind));
  expect(jobSchedules.filter((s) => !kinds.has(s.jobKind))).toEqual([]);
  expect(jobSchedules).toContain(accessCleanupSchedule);
});

const until = async (what: string, ok: () => Promise<boolean>, ms = 30_000): Promise<void> => {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

// platform/scheduler.ts: every process ticks and moves a due schedule on with a compare-and-set, enqueueing its job
// in the same transaction. Two real server processes (main.ts) share one PostgreSQL database; each due time must be
// enqueued exactly once. SQLite has one process by design; scheduler.test.ts races two schedulers in one process.
describe.runIf(process.env.DATABASE_URL)('two server processes on PostgreSQL share the schedules', () => {
  let testDb: TestDb;
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    testDb = await createTestDb('postgres');
  });
  afterAll(async () => {
    for (const s of servers) await s.stop('SIGTERM');
    await testDb.drop();
  });

  it('enqueues each due time exactly once, also when both processes try it at the same moment', async () => {
    const env = {
      DATABASE_URL: testDb.databaseUrl,
      DATA_DIR: testDb.dataDir,
      APP_SECRET: 'test-secret-0123456789abcdef0123456789',
      LMS_DEMO: '0',
      LOG_LEVEL: 'debug',
    };
    servers.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));
    const { db } = testDb;
    const name = accessCleanupSchedule.name;
    const row = () => db.selectFrom('schedules').selectAll().where('name', '=', name).executeTakeFirst();
    await until('the schedule row', async () => (await row()) !== undefined);
    expect(Date.parse((await row())?.next_due_at ?? '')).toBeGreaterThan(Date.now());

    const locker = new pg.Client({ connectionString: testDb.databaseUrl });
    // pg_stat_activity is read once per transaction, so the locker (inside one) would see an old picture.
    const watcher = new pg.Client({ connectionString: testDb.databaseUrl });
    await Promise.all([locker.connect(), watcher.connect()]);
    /** Backends of this database waiting for a lock, by the start of their statement. */
    const waiting = async () => {
      const res = await watcher.query<{ query: string }>(
        "select query from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
      );
      return res.rows.map((r) => r.query.trim().toLowerCase());
    };
    const dueTimes: string[] = [];
    try {
      for (let round = 0; round < 8; round++) {
        // Past due times on the schedule's grid (03:15 UTC), a different day each round.
        const due = `2020-01-${String(round + 10)}T03:15:00.000Z`;
        dueTimes.push(due);
        const contended = round < 5;
        if (contended) {
          // Hold back every insert into jobs: the first process to move the schedule on waits in its insert, still
          // holding the schedule's row, and the other one's compare-and-set waits for that row.
          await locker.query('begin');
          await locker.query('lock table jobs in share mode');
        }
        await db.updateTable('schedules').set({ next_due_at: due }).where('name', '=', name).execute();
        if (contended) {
          await until(
            'both processes inside the compare-and-set',
            async () => {
              const q = await waiting();
              return (
                q.some((s) => s.startsWith('insert into "jobs"')) && q.some((s) => s.startsWith('update "schedules"'))
              );
            },
            15_000,
          );
          await locker.query('commit');
        }
        // Caught up ('once'): the schedule is back at its next future due time.
        await until(`the run of ${due}`, async () => Date.parse((await row())?.next_due_at ?? '') > Date.now());
      }
    } finally {
      await locker.query('rollback').catch(() => undefined);
      await Promise.all([locker.end(), watcher.end()]);
    }
    // A little longer: a second job for any due time would show up now.
    await new Promise((r) => setTimeout(r, 2_500));

    const jobs = await db.selectFrom('jobs').selectAll().where('kind', '=', accessCleanupSchedule.jobKind).execute();
    const runs = jobs.map((j) => JSON.parse(j.payload) as ScheduledRun);
    expect(runs.map((r) => r.dueAt).sort()).toEqual(dueTimes);
    expect(runs.every((r) => r.schedule === name && r.dueCount > 1000)).toBe(true);
    expect(jobs.every((j) => j.client_id === null)).toBe(true);
    // Each process logs the runs it enqueued: together each due time once.
    const logged = servers.flatMap((s) =>
      s
        .output()
        .split('\n')
        .filter((l) => l.includes('"msg":"schedule fired"'))
        .map((l) => (JSON.parse(l) as { dueAt: string }).dueAt),
    );
    expect(logged.sort()).toEqual(dueTimes);
    // And the workers ran the clean-up.
    await until('the clean-up jobs to finish', async () => {
      const done = await db
        .selectFrom('jobs')
        .select('status')
        .where('kind', '=', accessCleanupSchedule.jobKind)
        .where('status', '=', 'succeeded')
        .execute();
      return done.length === dueTimes.length;
    });
  }, 180_000);
});
