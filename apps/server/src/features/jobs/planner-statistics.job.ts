import { refreshPlannerStatistics } from '../../db/planner-statistics';
import type { JobHandler } from '../../platform/jobs';
import { defineSchedule, type ScheduledRun } from '../../platform/scheduler';

/**
 * Hourly: SQLite's planner statistics brought up to date on the process's one connection (db/planner-statistics.ts:
 * tables that grew tenfold since their statistics were taken are analysed again, the others cost nothing). On
 * PostgreSQL it does nothing; autovacuum analyses there.
 */
export const plannerStatisticsSchedule = defineSchedule({
  name: 'platform.planner-statistics',
  every: { minutes: 60 },
  jobKind: 'platform.planner-statistics',
  catchUp: 'once',
});

export function createPlannerStatisticsHandler(): JobHandler<ScheduledRun> {
  return {
    kind: plannerStatisticsSchedule.jobKind,
    async run(ctx) {
      const { db, dialect } = ctx.deps;
      await refreshPlannerStatistics(db, dialect);
      return { refreshed: dialect === 'sqlite' };
    },
  };
}
