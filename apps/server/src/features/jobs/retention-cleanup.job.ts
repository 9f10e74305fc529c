import { deleteInBatches } from '../../platform/batch-delete';
import type { JobHandler } from '../../platform/jobs';
import { deleteFinishedJobs } from '../../platform/jobs-store';
import { deleteOldRateLimitHits } from '../../platform/rate-limit';
import { defineSchedule, type ScheduledRun } from '../../platform/scheduler';
import { removeStaleTemp } from '../../platform/storage/temp-cleanup';
import { removeDueCertificates, removeExpiredExports } from '../gdpr';
import { deleteSentMailBefore } from '../mail';
import { deleteStalePreviewAttempts, PREVIEW_ATTEMPT_KEEP_DAYS } from '../scorm-runtime';

const DAY_MS = 86_400_000;
/** A rate-limit count is read for two minutes at most; a day keeps it for a look after an incident. */
const RATE_LIMIT_KEEP_MS = DAY_MS;
/**
 * A finished job (its result: an import's or a regeneration's report, a mail's delivery) is read in the days after
 * it ran; a quarter keeps it for a question about it, then it goes (mail links to it are set null).
 */
export const FINISHED_JOB_KEEP_DAYS = 90;

/**
 * Issue 16: the daily retention clean-up beside account.access-cleanup (sessions, link tokens): mail sent more than
 * MAIL_RETENTION_DAYS ago, preview attempts untouched for PREVIEW_ATTEMPT_KEEP_DAYS, old rate-limit counts, jobs
 * finished more than FINISHED_JOB_KEEP_DAYS ago, and the temp files in DATA_DIR/tmp of the process that runs it (every process also clears its own at start). Idempotent:
 * each step deletes by the time it runs, so a retry or a catch-up run after downtime does the same.
 */
export const retentionCleanupSchedule = defineSchedule({
  name: 'platform.retention-cleanup',
  every: { dailyAt: '03:45' },
  jobKind: 'platform.retention-cleanup',
  catchUp: 'once',
});

export function createRetentionCleanupHandler(): JobHandler<ScheduledRun> {
  return {
    kind: retentionCleanupSchedule.jobKind,
    async run(ctx) {
      const { db, config } = ctx.deps;
      const now = ctx.now().getTime();
      const mailBefore = new Date(now - config.mailRetentionDays * DAY_MS);
      const previewBefore = new Date(now - PREVIEW_ATTEMPT_KEEP_DAYS * DAY_MS);
      const sentMails = await deleteInBatches(ctx, (limit) => deleteSentMailBefore(db, mailBefore, limit));
      const previewAttempts = await deleteInBatches(ctx, (limit) =>
        deleteStalePreviewAttempts(db, previewBefore, limit),
      );
      const rateLimitCounts = await deleteOldRateLimitHits(db, new Date(now - RATE_LIMIT_KEEP_MS));
      const jobBefore = new Date(now - FINISHED_JOB_KEEP_DAYS * DAY_MS);
      const finishedJobs = await deleteInBatches(ctx, (limit) => deleteFinishedJobs(db, null, jobBefore, limit));
      // File times are the machine's clock, not the job's.
      const tempFiles = await removeStaleTemp(config.dataDir, new Date());
      // GDPR (issue 30 point 4): exports past GDPR_EXPORT_KEEP_DAYS, certificates kept past an erasure's legal period.
      const gdprExports = await deleteInBatches(ctx, (limit) => removeExpiredExports(ctx.deps, ctx.now(), limit));
      const gdprCertificates = await deleteInBatches(ctx, (limit) => removeDueCertificates(ctx.deps, ctx.now(), limit));
      return { sentMails, previewAttempts, rateLimitCounts, finishedJobs, tempFiles, gdprExports, gdprCertificates };
    },
  };
}
