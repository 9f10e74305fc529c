import type { JobHandler } from '../../platform/jobs';
import { PermanentJobError } from '../../platform/jobs-retry';
import { PASSWORD_RESET_JOB, sendPasswordResetIfEligible, type PasswordResetJob } from './password-reset.service';

/**
 * Sends the mail of a password-reset request in the background (ARCHITECTURE section 7), so the request's answer
 * takes the same time whether or not the account exists. Retried twice: a run whose mail was committed but whose
 * job was not finished finds the fresh link and sends no second mail within RESET_RESEND_SECONDS.
 */
export function createPasswordResetHandler(): JobHandler<PasswordResetJob> {
  return {
    kind: PASSWORD_RESET_JOB,
    retry: { delaysMs: [10_000, 30_000], maxAttempts: 3 },
    async run(ctx) {
      if (!ctx.job.clientId) throw new PermanentJobError('password-reset job without a client');
      await sendPasswordResetIfEligible(ctx.deps, ctx.job.clientId, ctx.job.payload);
      return null;
    },
  };
}
