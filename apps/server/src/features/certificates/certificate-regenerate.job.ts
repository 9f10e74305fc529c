import { SYSTEM_WHO } from '../../platform/audit/audit-actor';
import type { TCertificateRegenerationResult } from '@lms/contracts/certificates';
import type { AppDeps } from '../../platform/deps';
import { errorText, type JobContext, type JobHandler } from '../../platform/jobs';
import { PermanentJobError, RetryJobError } from '../../platform/jobs-retry';
import { completedUserIds, coursesOfTrainings } from '../trainings';
import { userIdsInScope, type UserScope } from '../users';
import { loadCertificateSource, makeCertificate, type IssueOutcome } from './certificate-issue';
import { CERTIFICATE_REGENERATE_JOB } from './certificate-jobs';
import { usersWithCertificateMadeSince } from './certificate.repository';

export interface CertificateRegeneratePayload {
  trainingId: string;
  /** The starter's scope (PERMISSIONS.md "Scopes"): a coordinator's groups, or null for the whole client. */
  groupIds: string[] | null;
  actorId: string;
}

/** Progress is written after this many users (and after the last). */
const PROGRESS_EVERY = 20;
/** The result names at most this many failures; the counts hold all. */
const FAILURES_LISTED = 20;

const SUCCEEDED: ReadonlySet<IssueOutcome> = new Set(['issued', 'regenerated']);

/** Whose certificates a regeneration makes: the users who completed the training, within the starter's scope. */
export async function regenerationUsers(
  deps: AppDeps,
  clientId: string,
  payload: Pick<CertificateRegeneratePayload, 'trainingId' | 'groupIds' | 'actorId'>,
): Promise<string[]> {
  const completed = await completedUserIds(deps.db, clientId, payload.trainingId);
  if (payload.groupIds === null) return completed;
  const scope: UserScope = { clientId, dialect: deps.dialect, actorId: payload.actorId, groupIds: payload.groupIds };
  const inScope = new Set(await userIdsInScope(deps.db, scope, completed));
  return completed.filter((id) => inScope.has(id));
}

async function regenerate(ctx: JobContext<CertificateRegeneratePayload>): Promise<TCertificateRegenerationResult> {
  const { deps } = ctx;
  const clientId = ctx.job.clientId ?? '';
  const { trainingId } = ctx.job.payload;
  const courseId = (await coursesOfTrainings(deps.db, clientId, [trainingId])).get(trainingId);
  if (!courseId) throw new PermanentJobError('the training is gone');
  const source = await loadCertificateSource(deps, clientId, courseId);
  if (!source.template) throw new PermanentJobError('the course names no certificate template');
  const userIds = await regenerationUsers(deps, clientId, ctx.job.payload);
  // A run after one whose process died (issue 33) resumes: what the earlier run made since the job was started is
  // counted as done, not made again.
  const madeAlready = await usersWithCertificateMadeSince(deps.db, clientId, trainingId, ctx.job.createdAt);
  const result: TCertificateRegenerationResult = { total: userIds.length, succeeded: 0, failed: 0, failures: [] };
  const report = () =>
    ctx.progress({
      total: result.total,
      done: result.succeeded + result.failed,
      succeeded: result.succeeded,
      failed: result.failed,
    });
  await report();
  for (const [i, userId] of userIds.entries()) {
    // A stopping worker hands the job on; the next run resumes after the certificates this one made.
    if (ctx.signal.aborted) throw new RetryJobError('worker stopped', new Date(ctx.now().getTime() + 1_000));
    let failure: string | undefined;
    if (!madeAlready.has(userId))
      try {
        const outcome = await makeCertificate(deps, source, trainingId, userId, 'regenerate', SYSTEM_WHO);
        if (!SUCCEEDED.has(outcome)) failure = outcome;
      } catch (err) {
        failure = errorText(err);
      }
    if (failure === undefined) result.succeeded++;
    else {
      result.failed++;
      if (result.failures.length < FAILURES_LISTED) result.failures.push({ userId, reason: failure });
    }
    if ((i + 1) % PROGRESS_EVERY === 0 || i === userIds.length - 1) await report();
  }
  return result;
}

/**
 * DECISIONS "certificate": regenerating replaces the files of all completed users and reports progress, successes
 * and failures (GET /api/jobs/{id}). Each replaced certificate keeps its issue date and gets `regenerated_at`.
 */
export function createCertificateRegenerateHandler(): JobHandler<CertificateRegeneratePayload> {
  return {
    kind: CERTIFICATE_REGENERATE_JOB,
    leaseMs: 5 * 60_000,
    retry: { delaysMs: [60_000], maxAttempts: 2 },
    run: regenerate,
  };
}
