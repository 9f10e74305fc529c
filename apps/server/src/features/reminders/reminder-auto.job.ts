import type { AppDeps } from '../../platform/deps';
import { nextTurn } from '../../platform/turn-batch';
import { newId } from '../../platform/ids';
import type { JobHandler } from '../../platform/jobs';
import { defineSchedule, type ScheduledRun } from '../../platform/scheduler';
import { coursesWithRemindersOn, loadCourse } from '../courses';
import { claimReminderSlots, openParticipantIds, trainingIdsOfCourse, trainingOfClient } from '../trainings';
import { insertDueReminders, setReminderMail } from './reminder.repository';
import { isReachable, queueReminderMail, reminderContext } from './reminder-mail';
import { isReminderDay, trainingRefusal } from './reminder-rules';

const BATCH = 200;

/**
 * DECISIONS "automatic reminders", once a day at 06:00 UTC. A job that runs after downtime ('once': one job for
 * all missed days) reminds for the day of its latest due time only: a missed reminder day is not made up later.
 */
export const autoRemindersSchedule = defineSchedule({
  name: 'reminders.automatic',
  every: { dailyAt: '06:00' },
  jobKind: 'reminders.automatic',
  catchUp: 'once',
});

/**
 * Sends the automatic reminders due on `day` (YYYY-MM-DD, UTC): for each active course with reminders on whose
 * interval falls on `day` (counted from `from`), to every assigned participant of its trainings whose status is
 * neither COMPLETED nor OPTIONAL. The same rules as a manual reminder hold for the training (course active, `day`
 * within the training's or else the course's dates, the course names a reminder template); the 60-minute limit of
 * manual reminders does not (one a day at most anyway).
 *
 * Exactly once per user, training and day, however many processes and runs: per batch of participants, one
 * transaction inserts the training_reminders rows with insert-or-skip on (training_id, user_id, due_day) and
 * queues the mails only for the rows it inserted. A run that fails half-way is simply run again.
 */
export async function sendDueReminders(
  deps: AppDeps,
  day: string,
  run: { signal?: AbortSignal; heartbeat?: () => Promise<boolean> } = {},
): Promise<number> {
  let sent = 0;
  for (const c of await coursesWithRemindersOn(deps.db, day)) {
    const course = await loadCourse(deps.db, c.client_id, c.id, 'en-US');
    if (!isReminderDay(course, day)) continue;
    for (const trainingId of await trainingIdsOfCourse(deps.db, c.client_id, c.id)) {
      const training = await trainingOfClient(deps.db, c.client_id, trainingId);
      if (!training) continue;
      const ctx = await reminderContext(deps, deps.db, training, course);
      if (trainingRefusal(course, training, ctx.templateId !== null, day)) continue;
      let after = '';
      for (;;) {
        // Stopped half-way: fail, so the job runs again and sends the rest (the sent ones are skipped then).
        if (run.signal?.aborted) throw new Error('stopped before all reminders were sent');
        const { ids, n } = await deps.db.transaction().execute(async (trx) => {
          const batch = await openParticipantIds(trx, c.client_id, trainingId, after, BATCH);
          const reachable: string[] = [];
          for (const userId of batch) if (await isReachable(trx, c.client_id, userId)) reachable.push(userId);
          const now = new Date().toISOString();
          const inserted = await insertDueReminders(
            trx,
            reachable.map((userId) => ({
              id: newId(),
              client_id: c.client_id,
              training_id: trainingId,
              user_id: userId,
              kind: 'auto',
              due_day: day,
              mail_id: null,
              sent_by: null,
              sent_at: now,
            })),
          );
          for (const row of inserted) {
            const mailId = await queueReminderMail(trx, ctx, row.user_id);
            if (mailId) await setReminderMail(trx, c.client_id, row.id, mailId);
          }
          // last_reminder_at of those reminded now (no limit: the compare-and-set accepts any earlier time).
          await claimReminderSlots(
            trx,
            c.client_id,
            trainingId,
            inserted.map((r) => r.user_id),
            now,
            now,
          );
          return { ids: batch, n: inserted.length };
        });
        sent += n;
        await run.heartbeat?.();
        if (ids.length < BATCH) break;
        await nextTurn();
        after = ids[ids.length - 1]!;
      }
    }
  }
  return sent;
}

export function createAutoRemindersHandler(): JobHandler<ScheduledRun> {
  return {
    kind: autoRemindersSchedule.jobKind,
    async run(ctx) {
      const day = ctx.job.payload.lastDueAt.slice(0, 10);
      const sent = await sendDueReminders(ctx.deps, day, { signal: ctx.signal, heartbeat: () => ctx.heartbeat() });
      return { day, sent };
    },
  };
}
