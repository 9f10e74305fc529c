import type { JobHandler } from '../../platform/jobs';
import { issueCertificate } from './certificate-issue';
import { CERTIFICATE_ISSUE_JOB, type CertificateIssuePayload } from './certificate-jobs';

/**
 * Makes the certificate of a user whose training just became COMPLETED (enqueued by the trainings feature in the
 * transaction that completed it). Idempotent: a certificate that exists stays, so a retried job changes nothing.
 */
export function createCertificateIssueHandler(): JobHandler<CertificateIssuePayload> {
  return {
    kind: CERTIFICATE_ISSUE_JOB,
    async run(ctx) {
      const { trainingId, userId } = ctx.job.payload;
      return { outcome: await issueCertificate(ctx.deps, ctx.job.clientId ?? '', trainingId, userId) };
    },
  };
}
