import { audit, SYSTEM_WHO } from '../../platform/audit/audit-actor';
import type { TLocale } from '@lms/contracts/constants';
import type { TLoginType, TRole } from '@lms/contracts/roles';
import type { JobHandler } from '../../platform/jobs';
import { LeaseLostError, PermanentJobError } from '../../platform/jobs-retry';
import type { Actor } from '../../platform/session';
import { findUserById } from '../users';
import { runImport } from './import-run';
import { findImport, findImportTenant, parseOptions, parseReport, updateImport } from './user-import.repository';

export const USER_IMPORT_JOB = 'users.import';
/** Runs of one import at most: the first, and resumes after a process died twice. */
export const IMPORT_RUNS = 3;

/**
 * Runs a CSV import in the background (ARCHITECTURE section 7) with progress on the job. Rules are checked as the
 * user who started it. A run that fails is not retried (its error is the import's); a run whose process died (kill
 * -9, a crash) is taken again once its lease runs out and resumes after the last committed batch (issue 33), up to
 * IMPORT_RUNS runs in all.
 */
export function createUserImportHandler(): JobHandler<{ importId: string }> {
  return {
    kind: USER_IMPORT_JOB,
    leaseMs: 5 * 60_000,
    retry: { delaysMs: [], maxAttempts: IMPORT_RUNS },
    async run(ctx) {
      const { deps } = ctx;
      const clientId = ctx.job.clientId ?? '';
      const imp = await findImport(deps.db, clientId, ctx.job.payload.importId);
      const options = imp && parseOptions(imp);
      const tenant = await findImportTenant(deps.db, clientId);
      const creator = imp?.created_by ? await findUserById(deps.db, clientId, imp.created_by) : undefined;
      if (!imp || !options || !tenant || !creator) throw new PermanentJobError('import, client or its creator is gone');
      const actor: Actor = {
        userId: creator.id,
        clientId,
        role: creator.role as TRole,
        locale: creator.locale as TLocale,
        loginType: creator.login_type as TLoginType,
        sessionId: '',
        isPasswordChangeRequired: false,
      };
      try {
        const before = {
          counts: {
            total: imp.total,
            done: imp.done,
            created: imp.created_count,
            skipped: imp.skipped_count,
            failed: imp.failed_count,
          },
          report: parseReport(imp),
        };
        const { counts } = await runImport(
          deps,
          imp,
          actor,
          tenant,
          options,
          before,
          async (trx, { counts: c, report }) => {
            await updateImport(trx, clientId, imp.id, {
              total: c.total,
              done: c.done,
              created_count: c.created,
              skipped_count: c.skipped,
              failed_count: c.failed,
              report: JSON.stringify(report),
            });
            // A skipped duplicate is done but no failure (issue 12: the bar said "1 failed" where the result said
            // "1 skipped, 0 failed"); the bar shows it as done, neither green nor red. In the batch's transaction.
            await ctx.progress({ total: c.total, done: c.done, succeeded: c.created, failed: c.failed }, trx);
          },
        );
        await deps.db.transaction().execute(async (trx) => {
          await updateImport(trx, clientId, imp.id, { status: 'done' });
          await audit(trx, SYSTEM_WHO, clientId, 'import.finished', {
            object: { type: 'import', id: imp.id },
            detail: { status: 'done', counts },
          });
        });
        return counts;
      } catch (err) {
        // Another worker runs the import now: leave its row to that run.
        if (err instanceof LeaseLostError) throw err;
        const message = err instanceof Error ? err.message : String(err);
        await deps.db.transaction().execute(async (trx) => {
          await updateImport(trx, clientId, imp.id, { status: 'failed', error: message.slice(0, 2_000) });
          await audit(trx, SYSTEM_WHO, clientId, 'import.finished', {
            object: { type: 'import', id: imp.id },
            detail: { status: 'failed' },
          });
        });
        throw new PermanentJobError(message);
      }
    },
  };
}
