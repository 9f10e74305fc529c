import type { JobHandler } from '../../platform/jobs';
import { defineSchedule, type ScheduledRun } from '../../platform/scheduler';
import { runDigests } from './digest.service';

/**
 * Issue 31 point 4: the coordinators' weekly digest. The schedule fires daily (after the recertification of 05:30
 * and the reminders of 06:00, so the day's expiries are counted); each client's coordinators are due on its weekday
 * (client setting digestWeekday) and sent once per ISO week (digest.service.ts says how).
 */
export const digestSchedule = defineSchedule({
  name: 'coordinators.digest',
  every: { dailyAt: '06:30' },
  jobKind: 'coordinators.digest',
  catchUp: 'once',
});

export function createDigestHandler(): JobHandler<ScheduledRun> {
  return {
    kind: digestSchedule.jobKind,
    async run(ctx) {
      return runDigests(ctx.deps, ctx.now(), ctx.signal);
    },
  };
}
