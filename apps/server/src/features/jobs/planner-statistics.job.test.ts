import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { TestClock } from '../../../test/mail-test-kit';
import { describeEachDialect } from '../../../test/test-app';
import { runDueJobs } from '../../platform/jobs';
import { runDueSchedules } from '../../platform/scheduler';
import { trainingWorld } from '../trainings/test-trainings';
import { createPlannerStatisticsHandler, plannerStatisticsSchedule } from './planner-statistics.job';

describeEachDialect(
  'hourly planner statistics',
  (ctx) => {
    it('analyses on SQLite the tables that filled since the connection opened; does nothing on PostgreSQL', async () => {
      const { deps } = ctx();
      const { db } = deps;
      // The members are written after the connection opened (and took its statistics of empty tables).
      await trainingWorld(ctx, { members: 40 });
      const statsOf = async () =>
        deps.dialect === 'sqlite'
          ? (await sql<{ n: number }>`select count(*) as n from sqlite_stat1 where tbl = 'group_members'`.execute(db))
              .rows[0]?.n
          : undefined;
      if (deps.dialect === 'sqlite') expect(await statsOf()).toBe(0);

      const clock = new TestClock(new Date('2031-03-10T09:00:00.000Z'));
      await runDueSchedules(deps, [plannerStatisticsSchedule], { now: clock.now });
      clock.set(new Date('2031-03-10T10:00:00.000Z'));
      const [fired] = await runDueSchedules(deps, [plannerStatisticsSchedule], { now: clock.now });
      expect(fired?.dueAt).toBe('2031-03-10T10:00:00.000Z');
      expect(await runDueJobs(deps, [createPlannerStatisticsHandler()], { now: clock.now })).toBe(1);
      const run = await db
        .selectFrom('jobs')
        .selectAll()
        .where('id', '=', fired?.jobId ?? '')
        .executeTakeFirstOrThrow();
      expect(run.status).toBe('succeeded');
      expect(JSON.parse(run.result ?? 'null')).toEqual({ refreshed: deps.dialect === 'sqlite' });
      if (deps.dialect === 'sqlite') expect(await statsOf()).toBeGreaterThan(0);
    });
  },
  { storage: { kind: 'local' } },
);
