import type { DbOrTrx } from '../../db/database';
import { enqueueJob } from '../../platform/jobs-store';

// The certificates feature's background work (ARCHITECTURE "Jobs and schedules"). Kept apart from the making of
// certificates so the trainings feature can enqueue one without importing PDF code.

export const CERTIFICATE_ISSUE_JOB = 'certificate.issue';
export const CERTIFICATE_REGENERATE_JOB = 'certificate.regenerate';

export interface CertificateIssuePayload {
  trainingId: string;
  userId: string;
}

/**
 * DECISIONS "certificate": a user's training became COMPLETED. Called inside the transaction that completed it, so
 * the job exists exactly when the completion does; the job makes the PDF and queues the mail.
 */
export async function enqueueCertificateIssue(
  trx: DbOrTrx,
  completion: { clientId: string; trainingId: string; userId: string },
): Promise<void> {
  const payload: CertificateIssuePayload = { trainingId: completion.trainingId, userId: completion.userId };
  await enqueueJob(trx, { clientId: completion.clientId, kind: CERTIFICATE_ISSUE_JOB, payload });
}
