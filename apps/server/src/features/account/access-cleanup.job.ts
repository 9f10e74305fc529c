import { FORGOT_USERNAME_WINDOW_HOURS } from '@lms/contracts/constants';
import type { DbOrTrx } from '../../db/database';
import { CLEANUP_BATCH, deleteInBatches } from '../../platform/batch-delete';
import type { JobHandler } from '../../platform/jobs';
import { deleteFinishedJobs } from '../../platform/jobs-store';
import { defineSchedule, type ScheduledRun } from '../../platform/scheduler';
import { deleteExpiredSessions } from '../../platform/session';
import { deleteStaleEntraNonces } from '../entra-login';
import { PASSWORD_RESET_JOB } from './password-reset.service';

/** A used or expired link is kept this long, then deleted. */
export const LINK_TOKEN_KEEP_DAYS = 7;
const DAY_MS = 86_400_000;

/**
 * The first recurring job (platform/scheduler.ts): once a day, delete what no longer opens anything: sessions past
 * SESSION_IDLE_DAYS / SESSION_MAX_DAYS, link tokens (reset, activation) used or expired more than
 * LINK_TOKEN_KEEP_DAYS ago, Entra sign-in nonces used or expired, forgot-username requests past their window, and
 * password-reset jobs finished more than LINK_TOKEN_KEEP_DAYS ago. A platform job (client_id null) across all clients. Missed days make one run: it
 * deletes by the time it runs, so a run after downtime catches up by itself.
 */
export const accessCleanupSchedule = defineSchedule({
  name: 'account.access-cleanup',
  every: { dailyAt: '03:15' },
  jobKind: 'account.access-cleanup',
  catchUp: 'once',
});

/**
 * Deletes up to `limit` link tokens used or expired before `now` minus LINK_TOKEN_KEEP_DAYS; answers how many.
 * Platform-wide on purpose (no client filter): it is the clean-up of every client's tokens.
 */
export async function deleteStaleLinkTokens(db: DbOrTrx, now: Date, limit = CLEANUP_BATCH): Promise<number> {
  const before = new Date(now.getTime() - LINK_TOKEN_KEEP_DAYS * DAY_MS).toISOString();
  const res = await db
    .deleteFrom('user_tokens')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('user_tokens')
        .select('id')
        .where((w) => w.or([w('expires_at', '<', before), w('used_at', '<', before)]))
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/**
 * Deletes up to `limit` forgot-username requests older than FORGOT_USERNAME_WINDOW_HOURS (issue 28 point 7: a row
 * per public request, read only within that window to refuse a repeat); answers how many.
 */
export async function deleteOldForgotUsernameRequests(db: DbOrTrx, now: Date, limit = CLEANUP_BATCH): Promise<number> {
  const before = new Date(now.getTime() - FORGOT_USERNAME_WINDOW_HOURS * 3_600_000).toISOString();
  const res = await db
    .deleteFrom('forgot_username_requests')
    .where('id', 'in', (eb) =>
      eb.selectFrom('forgot_username_requests').select('id').where('created_at', '<', before).limit(limit),
    )
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

export function createAccessCleanupHandler(): JobHandler<ScheduledRun> {
  return {
    kind: accessCleanupSchedule.jobKind,
    async run(ctx) {
      const { db } = ctx.deps;
      const sessions = await deleteInBatches(ctx, (limit) => deleteExpiredSessions(db, ctx.now(), limit));
      const linkTokens = await deleteInBatches(ctx, (limit) => deleteStaleLinkTokens(db, ctx.now(), limit));
      const entraNonces = await deleteInBatches(ctx, (limit) => deleteStaleEntraNonces(db, ctx.now(), limit));
      const forgotUsernameRequests = await deleteInBatches(ctx, (limit) =>
        deleteOldForgotUsernameRequests(db, ctx.now(), limit),
      );
      // Each public reset request is a job nobody reads after it ran (password-reset.service.ts): kept a week.
      const resetJobs = await deleteInBatches(ctx, (limit) =>
        deleteFinishedJobs(
          db,
          PASSWORD_RESET_JOB,
          new Date(ctx.now().getTime() - LINK_TOKEN_KEEP_DAYS * DAY_MS),
          limit,
        ),
      );
      return { sessions, linkTokens, entraNonces, forgotUsernameRequests, resetJobs };
    },
  };
}
