import { describe, expect, it } from 'vitest';
import { TestClock } from '../../test/mail-test-kit';
import { describeEachDialect } from '../../test/test-app';
import {
  MAX_CATCH_UP_EACH,
  defineSchedule,
  fireDueSchedule,
  nextDueAfter,
  runDueSchedules,
  startScheduler,
  type FiredRun,
  type ScheduleEvery,
  type ScheduledRun,
} from './scheduler';

const at = (s: string) => new Date(s);

describe('defineSchedule', () => {
  it('puts due times on a fixed UTC grid and refuses malformed intervals', () => {
    const quarter = defineSchedule({ name: 'q', every: { minutes: 15 }, jobKind: 'k', catchUp: 'once' });
    expect(quarter.interval).toBe('every 15 minutes');
    expect(nextDueAfter(quarter, at('2031-03-10T10:07:12.000Z')).toISOString()).toBe('2031-03-10T10:15:00.000Z');
    expect(nextDueAfter(quarter, at('2031-03-10T10:15:00.000Z')).toISOString()).toBe('2031-03-10T10:30:00.000Z');
    const daily = defineSchedule({ name: 'd', every: { dailyAt: '03:15' }, jobKind: 'k', catchUp: 'once' });
    expect(daily.interval).toBe('daily at 03:15 UTC');
    expect(nextDueAfter(daily, at('2031-03-10T03:14:59.999Z')).toISOString()).toBe('2031-03-10T03:15:00.000Z');
    expect(nextDueAfter(daily, at('2031-03-10T04:00:00.000Z')).toISOString()).toBe('2031-03-11T03:15:00.000Z');
    const bad: ScheduleEvery[] = [{ minutes: 0 }, { minutes: 1.5 }, { dailyAt: '24:00' }, { dailyAt: '3:15' }];
    for (const every of bad)
      expect(() => defineSchedule({ name: 'x', every, jobKind: 'k', catchUp: 'once' })).toThrow();
    expect(() => defineSchedule({ name: 'Not Valid', every: { minutes: 5 }, jobKind: 'k', catchUp: 'once' })).toThrow();
  });
});

describeEachDialect('scheduler', (ctx) => {
  let seq = 0;
  const unique = () => `test.s${Date.now().toString(36)}${(seq++).toString(36)}`;
  const scheduleRow = (name: string) =>
    ctx().deps.db.selectFrom('schedules').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
  /** The jobs of a kind with their payloads, by due time. */
  const jobsOf = async (kind: string) => {
    const rows = await ctx().deps.db.selectFrom('jobs').selectAll().where('kind', '=', kind).execute();
    return rows
      .map((r) => ({ ...r, run: JSON.parse(r.payload) as ScheduledRun<unknown> }))
      .sort((a, b) => a.run.dueAt.localeCompare(b.run.dueAt));
  };
  const tick = (schedules: Parameters<typeof runDueSchedules>[1], clock: TestClock) =>
    runDueSchedules(ctx().deps, schedules, { now: clock.now });

  it('enqueues one platform job per due time, not before it and not twice', async () => {
    const s = defineSchedule({
      name: unique(),
      every: { minutes: 15 },
      jobKind: unique(),
      payload: { keepDays: 3 },
      catchUp: 'once',
    });
    const clock = new TestClock(at('2031-03-10T10:07:00.000Z'));
    expect(await tick([s], clock)).toEqual([]);
    expect(await scheduleRow(s.name)).toMatchObject({
      interval_spec: 'every 15 minutes',
      next_due_at: '2031-03-10T10:15:00.000Z',
      last_due_at: null,
      last_run_at: null,
    });
    clock.set(at('2031-03-10T10:14:59.999Z'));
    expect(await tick([s], clock)).toEqual([]);
    clock.set(at('2031-03-10T10:15:00.000Z'));
    const [fired] = await tick([s], clock);
    expect(fired).toMatchObject({ schedule: s.name, dueAt: '2031-03-10T10:15:00.000Z' });
    expect(await tick([s], clock)).toEqual([]);
    clock.set(at('2031-03-10T10:20:00.000Z'));
    expect(await tick([s], clock)).toEqual([]);

    const jobs = await jobsOf(s.jobKind);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      id: fired?.jobId,
      client_id: null,
      status: 'queued',
      run_at: '2031-03-10T10:15:00.000Z',
      run: {
        schedule: s.name,
        dueAt: '2031-03-10T10:15:00.000Z',
        lastDueAt: '2031-03-10T10:15:00.000Z',
        dueCount: 1,
        skipped: 0,
        data: { keepDays: 3 },
      },
    });
    expect(await scheduleRow(s.name)).toMatchObject({
      next_due_at: '2031-03-10T10:30:00.000Z',
      last_due_at: '2031-03-10T10:15:00.000Z',
      last_run_at: '2031-03-10T10:15:00.000Z',
      last_job_id: fired?.jobId,
    });
    clock.set(at('2031-03-10T10:30:00.500Z'));
    expect((await tick([s], clock)).map((f) => f.dueAt)).toEqual(['2031-03-10T10:30:00.000Z']);
  });

  it('lets only one of two schedulers that read the same due time enqueue it (compare-and-set)', async () => {
    const { deps } = ctx();
    const s = defineSchedule({ name: unique(), every: { minutes: 5 }, jobKind: unique(), catchUp: 'each' });
    const clock = new TestClock(at('2031-03-10T10:07:00.000Z'));
    await tick([s], clock);
    const asRead = await scheduleRow(s.name);
    clock.set(at('2031-03-10T10:11:00.000Z'));
    // Both processes read next_due_at = 10:10 before either moved it on.
    const both = await Promise.all([
      fireDueSchedule(deps, s, asRead, clock.now()),
      fireDueSchedule(deps, s, asRead, clock.now()),
    ]);
    expect(both.flat()).toHaveLength(1);
    // One that read it earlier and comes late changes nothing.
    expect(await fireDueSchedule(deps, s, asRead, clock.now())).toEqual([]);
    expect((await jobsOf(s.jobKind)).map((j) => j.run.dueAt)).toEqual(['2031-03-10T10:10:00.000Z']);

    // Four schedulers catch up 48 missed due times at once, racing on each: every due time once.
    clock.set(at('2031-03-10T14:11:00.000Z'));
    const racing = await Promise.all([1, 2, 3, 4].map(() => tick([s], clock)));
    const fired: FiredRun[] = racing.flat();
    expect(fired).toHaveLength(48);
    const dueTimes = (await jobsOf(s.jobKind)).map((j) => j.run.dueAt);
    expect(dueTimes).toHaveLength(49);
    expect(new Set(dueTimes).size).toBe(49);
    expect(dueTimes.at(-1)).toBe('2031-03-10T14:10:00.000Z');
    expect((await scheduleRow(s.name)).next_due_at).toBe('2031-03-10T14:15:00.000Z');
  });

  it("catches up missed due times with one job ('once'), then resumes at the next future due time", async () => {
    const s = defineSchedule({ name: unique(), every: { dailyAt: '03:15' }, jobKind: unique(), catchUp: 'once' });
    const clock = new TestClock(at('2031-03-10T12:00:00.000Z'));
    await tick([s], clock);
    // Down from before the 11th's run until the 15th, 09:00: five due times missed (11th to 15th).
    clock.set(at('2031-03-15T09:00:00.000Z'));
    expect(await tick([s], clock)).toHaveLength(1);
    expect(await tick([s], clock)).toHaveLength(0);
    const jobs = await jobsOf(s.jobKind);
    expect(jobs.map((j) => j.run)).toEqual([
      {
        schedule: s.name,
        dueAt: '2031-03-11T03:15:00.000Z',
        lastDueAt: '2031-03-15T03:15:00.000Z',
        dueCount: 5,
        skipped: 0,
        data: null,
      },
    ]);
    expect(await scheduleRow(s.name)).toMatchObject({
      next_due_at: '2031-03-16T03:15:00.000Z',
      last_due_at: '2031-03-15T03:15:00.000Z',
    });
  });

  it("catches up with one job per missed due time ('each'), at most MAX_CATCH_UP_EACH of them", async () => {
    const s = defineSchedule({ name: unique(), every: { minutes: 10 }, jobKind: unique(), catchUp: 'each' });
    const clock = new TestClock(at('2031-03-10T10:01:00.000Z'));
    await tick([s], clock);
    clock.set(at('2031-03-10T10:55:00.000Z'));
    expect((await tick([s], clock)).map((f) => f.dueAt)).toEqual([
      '2031-03-10T10:10:00.000Z',
      '2031-03-10T10:20:00.000Z',
      '2031-03-10T10:30:00.000Z',
      '2031-03-10T10:40:00.000Z',
      '2031-03-10T10:50:00.000Z',
    ]);
    expect((await jobsOf(s.jobKind)).every((j) => j.run.dueCount === 1 && j.run.skipped === 0)).toBe(true);

    // 10:50 was the last; down until 11:00 + 150 due times later: 151 missed, the oldest 51 dropped.
    clock.set(at('2031-03-11T12:05:00.000Z'));
    const fired = await tick([s], clock);
    expect(fired).toHaveLength(MAX_CATCH_UP_EACH);
    expect(fired[0]?.dueAt).toBe('2031-03-10T19:30:00.000Z');
    expect(fired.at(-1)?.dueAt).toBe('2031-03-11T12:00:00.000Z');
    const late = (await jobsOf(s.jobKind)).slice(5);
    expect(late.map((j) => j.run.skipped)).toEqual([51, ...Array<number>(MAX_CATCH_UP_EACH - 1).fill(0)]);
    expect((await scheduleRow(s.name)).next_due_at).toBe('2031-03-11T12:10:00.000Z');
  });

  it('neither repeats nor skips a run across restarts; a restart later catches up', async () => {
    const { deps } = ctx();
    const daily = defineSchedule({ name: unique(), every: { dailyAt: '06:00' }, jobKind: unique(), catchUp: 'once' });
    const hourly = defineSchedule({ name: unique(), every: { minutes: 60 }, jobKind: unique(), catchUp: 'each' });
    const clock = new TestClock(at('2031-03-10T05:30:00.000Z'));
    const counts = async () => [(await jobsOf(daily.jobKind)).length, (await jobsOf(hourly.jobKind)).length];
    /** Starts a scheduler as a process would, lets it tick a few times, stops it. */
    const runProcess = async () => {
      const before = await counts();
      const stop = startScheduler(deps, [daily, hourly], { tickMs: 5, now: clock.now });
      await new Promise((r) => setTimeout(r, 80));
      await stop();
      const after = await counts();
      return after.map((n, i) => n - (before[i] ?? 0));
    };

    expect(await runProcess()).toEqual([0, 0]);
    clock.set(at('2031-03-10T06:00:30.000Z'));
    expect(await runProcess()).toEqual([1, 1]);
    // Restarted at the same time: nothing again.
    expect(await runProcess()).toEqual([0, 0]);
    // Down for three days: one catch-up job for the daily schedule, 72 hourly ones.
    clock.set(at('2031-03-13T06:10:00.000Z'));
    expect(await runProcess()).toEqual([1, 72]);
    expect(await runProcess()).toEqual([0, 0]);
    const [first, catchUp] = await jobsOf(daily.jobKind);
    expect(first?.run).toMatchObject({ dueAt: '2031-03-10T06:00:00.000Z', dueCount: 1 });
    expect(catchUp?.run).toMatchObject({
      dueAt: '2031-03-11T06:00:00.000Z',
      lastDueAt: '2031-03-13T06:00:00.000Z',
      dueCount: 3,
    });
    const hours = (await jobsOf(hourly.jobKind)).map((j) => j.run.dueAt);
    expect(new Set(hours).size).toBe(73);
    expect([hours[0], hours.at(-1)]).toEqual(['2031-03-10T06:00:00.000Z', '2031-03-13T06:00:00.000Z']);
  });

  it('restarts a schedule whose interval changed in code at the new next due time, without a run of its own', async () => {
    const name = unique();
    const kind = unique();
    const clock = new TestClock(at('2031-03-10T10:07:00.000Z'));
    const old = defineSchedule({ name, every: { minutes: 5 }, jobKind: kind, catchUp: 'once' });
    await tick([old], clock);
    clock.set(at('2031-03-10T10:40:00.000Z'));
    const changed = defineSchedule({ name, every: { dailyAt: '02:00' }, jobKind: kind, catchUp: 'once' });
    expect(await tick([changed], clock)).toEqual([]);
    expect(await tick([changed], clock)).toEqual([]);
    expect(await scheduleRow(name)).toMatchObject({
      interval_spec: 'daily at 02:00 UTC',
      next_due_at: '2031-03-11T02:00:00.000Z',
    });
    expect(await jobsOf(kind)).toEqual([]);
  });

  it('refuses two schedules of the same name', () => {
    const s = defineSchedule({ name: 'same', every: { minutes: 5 }, jobKind: 'k', catchUp: 'once' });
    expect(() => startScheduler(ctx().deps, [s, s])).toThrow(/defined twice/);
  });
});
