import { REMINDER_RESEND_MINUTES } from '@lms/contracts/constants';
import type { TErrorCode } from '@lms/contracts/errors';
import type { TRemindAllResult, TRemindResult } from '@lms/contracts/reminders';
import type { DbOrTrx } from '../../db/database';
import type { AppDeps } from '../../platform/deps';
import { AppError, conflict, notFound } from '../../platform/errors';
import { newId } from '../../platform/ids';
import type { Actor } from '../../platform/session';
import { loadCourse } from '../courses';
import { assignedParticipantsInScope, claimReminderSlots, visibleTraining, type TrainingRow } from '../trainings';
import { resolveUserScope, type UserScope } from '../users';
import { insertReminder } from './reminder.repository';
import { isReachable, queueReminderMail, reminderContext, type ReminderContext } from './reminder-mail';
import { participantRefusal, trainingRefusal, utcDay } from './reminder-rules';

const BATCH = 200;

type ParticipantRow = Awaited<ReturnType<typeof assignedParticipantsInScope>>[number];

/** The training-wide rules (course active, dates, template): the first one broken refuses every reminder. */
async function trainingCheck(deps: AppDeps, db: DbOrTrx, training: TrainingRow, now: Date): Promise<ReminderContext> {
  const course = await loadCourse(db, training.client_id, training.course_id, 'en-US');
  const ctx = await reminderContext(deps, db, training, course);
  const refusal = trainingRefusal(course, training, ctx.templateId !== null, utcDay(now));
  if (refusal) conflict(refusal);
  return ctx;
}

/**
 * Sends manual reminders to these participants in the caller's transaction: each one that is open, reachable and
 * not reminded within REMINDER_RESEND_MINUTES gets the mail, a training_reminders row and last_reminder_at, all
 * in the transaction that queues the mail. Answers, per user, 'sent' or the code that held it back.
 */
async function remindRows(
  trx: DbOrTrx,
  ctx: ReminderContext,
  rows: readonly ParticipantRow[],
  actor: Actor,
  now: Date,
): Promise<Map<string, 'sent' | TErrorCode>> {
  const outcome = new Map<string, 'sent' | TErrorCode>();
  const candidates: string[] = [];
  for (const row of rows) {
    const refusal = participantRefusal(row.status);
    if (refusal) outcome.set(row.user_id, refusal);
    else if (!(await isReachable(trx, ctx.clientId, row.user_id))) outcome.set(row.user_id, 'mail_send_failed');
    else candidates.push(row.user_id);
  }
  const at = now.toISOString();
  const notAfter = new Date(now.getTime() - REMINDER_RESEND_MINUTES * 60_000).toISOString();
  const claimed = new Set(await claimReminderSlots(trx, ctx.clientId, ctx.training.id, candidates, at, notAfter));
  for (const userId of candidates) {
    if (!claimed.has(userId)) {
      outcome.set(userId, 'reminder_too_soon');
      continue;
    }
    const mailId = await queueReminderMail(trx, ctx, userId);
    await insertReminder(trx, {
      id: newId(),
      client_id: ctx.clientId,
      training_id: ctx.training.id,
      user_id: userId,
      kind: 'manual',
      due_day: null,
      mail_id: mailId ?? null,
      sent_by: actor.userId,
      sent_at: at,
    });
    outcome.set(userId, 'sent');
  }
  return outcome;
}

/**
 * `POST /course-training/{id}/participants/{userId}/remind` (DECISIONS "manual reminder"). A participant outside
 * the coordinator's groups, or no longer assigned, is not found, as the status table's actions do not reach them.
 * Refusals answer 409 with their code: reminder_course_inactive, reminder_course_outside_dates,
 * reminder_no_template, reminder_user_completed, reminder_user_optional, reminder_too_soon, and mail_send_failed
 * for a user without an address or with a deactivated account.
 */
export async function remindParticipant(
  deps: AppDeps,
  actor: Actor,
  trainingId: string,
  userId: string,
  now = new Date(),
): Promise<TRemindResult> {
  const scope = await resolveUserScope(deps, actor);
  return deps.db.transaction().execute(async (trx) => {
    const training = await visibleTraining(trx, scope, trainingId);
    const rows = await assignedParticipantsInScope(trx, scope, trainingId, { userId });
    if (rows.length === 0) notFound('participant');
    const ctx = await trainingCheck(deps, trx, training, now);
    const outcome = (await remindRows(trx, ctx, rows, actor, now)).get(userId);
    if (outcome !== 'sent') conflict(outcome ?? 'unknown_error');
    return { userId, sentAt: now.toISOString() };
  });
}

/**
 * `POST /course-training/{id}/remind`: "remind all open". The training-wide rules refuse the whole call with their
 * code; then every open (neither completed nor optional) assigned participant in the actor's scope is looked at in
 * batches (one transaction each), and the answer counts those sent and, by the code a single reminder would have
 * answered, those skipped: reminded within REMINDER_RESEND_MINUTES, or unreachable. The completed and optional are
 * not open, so they are in neither count (issue 32).
 */
export async function remindAllOpen(
  deps: AppDeps,
  actor: Actor,
  trainingId: string,
  now = new Date(),
): Promise<TRemindAllResult> {
  const scope: UserScope = await resolveUserScope(deps, actor);
  const ctx = await deps.db.transaction().execute(async (trx) => {
    const training = await visibleTraining(trx, scope, trainingId);
    return trainingCheck(deps, trx, training, now);
  });
  const result: TRemindAllResult = { sent: 0, skipped: {} };
  let after = '';
  for (;;) {
    const rows = await deps.db.transaction().execute(async (trx) => {
      const batch = await assignedParticipantsInScope(trx, scope, trainingId, { after, limit: BATCH });
      for (const [, outcome] of await remindRows(trx, ctx, batch, actor, now)) {
        if (outcome === 'sent') result.sent++;
        else result.skipped[outcome] = (result.skipped[outcome] ?? 0) + 1;
      }
      return batch;
    });
    if (rows.length < BATCH) return result;
    after = rows[rows.length - 1]!.user_id;
  }
}

/**
 * Reminders to chosen participants of several trainings (the reports' list, issue 31 point 2), each judged as a
 * single reminder is: per training its training-wide rules (a refusal skips that training's rows with its code, the
 * others go on; a training out of the actor's sight skips them as `not_found`), then each participant (not found in
 * the scope: `not_found`; completed, optional, too soon, unreachable: their codes), in batches of BATCH users, one
 * transaction each. Answers as "remind all open" does.
 */
export async function remindParticipants(
  deps: AppDeps,
  actor: Actor,
  targets: ReadonlyMap<string, readonly string[]>,
  now = new Date(),
): Promise<TRemindAllResult> {
  const scope: UserScope = await resolveUserScope(deps, actor);
  const result: TRemindAllResult = { sent: 0, skipped: {} };
  const skip = (code: TErrorCode, n: number) => {
    if (n > 0) result.skipped[code] = (result.skipped[code] ?? 0) + n;
  };
  for (const [trainingId, userIds] of targets) {
    // As a single reminder: the training and the participant in the scope first (else not_found), then the
    // training-wide rules (a refusal skips the participants found with its code).
    let ctx: ReminderContext | AppError | undefined;
    for (let i = 0; i < userIds.length; i += BATCH) {
      const ids = userIds.slice(i, i + BATCH);
      await deps.db.transaction().execute(async (trx) => {
        const training = await visibleTraining(trx, scope, trainingId).catch((err: unknown) => {
          if (err instanceof AppError && err.statusCode === 404) return null;
          throw err;
        });
        const rows = training ? await assignedParticipantsInScope(trx, scope, trainingId, { userIds: ids }) : [];
        skip('not_found', ids.length - rows.length);
        if (!training || rows.length === 0) return;
        ctx ??= await trainingCheck(deps, trx, training, now).catch((err: unknown) => {
          if (err instanceof AppError) return err;
          throw err;
        });
        if (ctx instanceof AppError) return skip(ctx.code, rows.length);
        for (const [, outcome] of await remindRows(trx, ctx, rows, actor, now)) {
          if (outcome === 'sent') result.sent++;
          else skip(outcome, 1);
        }
      });
    }
  }
  return result;
}
