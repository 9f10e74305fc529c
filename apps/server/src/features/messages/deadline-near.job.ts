import { DEADLINE_NEAR_DAYS } from '@lms/contracts/messages';
import type { AppDeps } from '../../platform/deps';
import { nextTurn } from '../../platform/turn-batch';
import type { JobHandler } from '../../platform/jobs';
import { defineSchedule, type ScheduledRun } from '../../platform/scheduler';
import { openParticipantIds, trainingsDueOn } from '../trainings';
import { notifyUsers } from './notify';

const BATCH = 500;

/** Issue 14 "a deadline near": once a day, before the reminders of 06:00. */
export const deadlineNearSchedule = defineSchedule({
  name: 'messages.deadline-near',
  every: { dailyAt: '05:00' },
  jobKind: 'messages.deadline-near',
  catchUp: 'once',
});

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Notifies the open participants (assigned, pending or started) of every training whose deadline is
 * DEADLINE_NEAR_DAYS after `today`, in batches of 500 user ids, one INSERT each. The dedupe key (training and
 * deadline) makes a second run of the day, a retried job or another process notify nobody twice.
 */
export async function notifyDeadlinesNear(deps: AppDeps, today: string): Promise<number> {
  const day = addDays(today, DEADLINE_NEAR_DAYS);
  let notified = 0;
  for (const t of await trainingsDueOn(deps.db, day)) {
    let after = '';
    for (;;) {
      const ids = await openParticipantIds(deps.db, t.client_id, t.id, after, BATCH);
      await notifyUsers(deps.db, t.client_id, ids, {
        type: 'deadline_near',
        data: { trainingId: t.id, deadline: day },
        dedupeKey: `deadline_near:${t.id}:${day}`,
      });
      notified += ids.length;
      if (ids.length < BATCH) break;
      await nextTurn();
      after = ids[ids.length - 1] ?? after;
    }
  }
  return notified;
}

export function createDeadlineNearHandler(): JobHandler<ScheduledRun> {
  return {
    kind: deadlineNearSchedule.jobKind,
    async run(ctx) {
      const today = ctx.job.payload.lastDueAt.slice(0, 10);
      return { today, notified: await notifyDeadlinesNear(ctx.deps, today) };
    },
  };
}
