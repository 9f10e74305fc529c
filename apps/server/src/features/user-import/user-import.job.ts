import type { TLocale } from '@lms/contracts/constants';
import type { TLoginType, TRole } from '@lms/contracts/roles';
import type { JobHandler } from '../../platform/jobs';
import { PermanentJobError } from '../../platform/jobs-retry';
import type { Actor } from '../../platform/session';
import { findUserById } from '../users';
import { runImport } from './import-run';
import { findImport, findImportTenant, parseOptions, updateImport } from './user-import.repository';

export const USER_IMPORT_JOB = 'users.import';

/**
 * Runs a CSV import in the background (ARCHITECTURE section 7) with progress on the job. It is not retried: a
 * second run would report the users of the first as duplicates. Rules are checked as the user who started it.
 */
export function createUserImportHandler(): JobHandler<{ importId: string }> {
  return {
    kind: USER_IMPORT_JOB,
    leaseMs: 5 * 60_000,
    retry: { delaysMs: [], maxAttempts: 1 },
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
        const { counts, report } = await runImport(deps, imp, actor, tenant, options, async (c) => {
          await updateImport(deps.db, clientId, imp.id, {
            total: c.total,
            done: c.done,
            created_count: c.created,
            skipped_count: c.skipped,
            failed_count: c.failed,
          });
          // A skipped duplicate is done but no failure (issue 12: the bar said "1 failed" where the result said
          // "1 skipped, 0 failed"); the bar shows it as done, neither green nor red.
          await ctx.progress({ total: c.total, done: c.done, succeeded: c.created, failed: c.failed });
        });
        await updateImport(deps.db, clientId, imp.id, { status: 'done', report: JSON.stringify(report) });
        return counts;
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        await updateImport(deps.db, clientId, imp.id, { status: 'failed', error: message.slice(0, 2_000) });
        throw new PermanentJobError(message);
      }
    },
  };
}
