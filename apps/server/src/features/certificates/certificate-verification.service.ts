import { audit, auditWhoOf } from '../../platform/audit/audit-actor';
import {
  formatVerificationCode,
  type TCertificateState,
  type TCertificateVerification,
  type TCertificateWithdrawBody,
} from '@lms/contracts/certificates';
import type { AppDeps } from '../../platform/deps';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { nowIso } from '../../platform/ids';
import type { Actor } from '../../platform/session';
import type { Tenant } from '../../platform/tenant';
import { coursesOfTrainings } from '../trainings';
import { loadCertificateSource, makeCertificate } from './certificate-issue';
import {
  findCertificateById,
  findCertificateCode,
  findVerification,
  withdrawCode,
  type CertificateRow,
} from './certificate.repository';
import { assertManaged } from './certificate.service';

// Issue 30 point 2: certificates anyone can verify. The public answer for a code, and a coordinator's withdrawal or
// re-issue of one certificate.

/**
 * GET /api/certificate-verification/{code} on the client's own host: the holder, the training, the issue date,
 * "valid until" and the status; nothing else. A wrong code and another client's code are one and the same answer
 * (404 not_found) after one and the same statement (certificate.repository.ts findVerification).
 */
export async function verifyCertificate(
  deps: AppDeps,
  tenant: Tenant,
  code: string,
  now = new Date(),
): Promise<TCertificateVerification> {
  const row = (await findVerification(deps.db, tenant.id, code)) ?? notFound('certificate');
  const expired = row.valid_until !== null && new Date(row.valid_until).getTime() <= now.getTime();
  return {
    code: formatVerificationCode(code),
    status: row.withdrawn_at ? 'withdrawn' : expired ? 'expired' : 'valid',
    holderName: `${row.first_name} ${row.last_name}`.trim(),
    courseTitle: row.course_title ?? '',
    issuedAt: new Date(row.created_at).toISOString(),
    validUntil: row.valid_until ? new Date(row.valid_until).toISOString() : null,
  };
}

async function stateOf(deps: AppDeps, clientId: string, id: string): Promise<TCertificateState> {
  const row = (await findCertificateById(deps.db, clientId, id)) ?? notFound('certificate');
  const code = row.verification_code ? await findCertificateCode(deps.db, clientId, row.verification_code) : undefined;
  return {
    id: row.id,
    verificationCode: row.verification_code ? formatVerificationCode(row.verification_code) : '',
    withdrawnAt: code?.withdrawn_at ? new Date(code.withdrawn_at).toISOString() : null,
    withdrawnReason: code?.withdrawn_reason ?? null,
  };
}

async function managedCertificate(deps: AppDeps, actor: Actor, id: string): Promise<CertificateRow> {
  const row = (await findCertificateById(deps.db, actor.clientId, id)) ?? notFound('certificate');
  await assertManaged(deps, actor, row);
  return row;
}

/**
 * POST /api/course-certificate/{id}/withdraw: the certificate's current code verifies as withdrawn from now on
 * (409 conflict when it already does). The reason is kept for the coordinators; the public page never shows it.
 */
export async function withdrawCertificate(
  deps: AppDeps,
  actor: Actor,
  id: string,
  body: TCertificateWithdrawBody,
): Promise<TCertificateState> {
  const row = await managedCertificate(deps, actor, id);
  const code = row.verification_code;
  const withdrawn =
    code !== null &&
    (await deps.db.transaction().execute(async (trx) => {
      const done = await withdrawCode(trx, actor.clientId, code, nowIso(), body.reason);
      if (done)
        await audit(trx, auditWhoOf(actor), actor.clientId, 'certificate.withdrawn', {
          object: { type: 'certificate', id },
          subjectUserId: row.user_id,
          after: { code, reason: body.reason },
        });
      return done;
    }));
  if (!withdrawn) conflict('conflict', { reason: 'already_withdrawn' });
  return stateOf(deps, actor.clientId, id);
}

/**
 * POST /api/course-certificate/{id}/reissue: the certificate made again from the user's current data (a corrected
 * name) with a new code; the old code verifies as withdrawn. One certificate, not the training's (that is the
 * regeneration). A course without a template cannot have one (400); a training no longer completed neither (409).
 */
export async function reissueCertificate(deps: AppDeps, actor: Actor, id: string): Promise<TCertificateState> {
  const row = await managedCertificate(deps, actor, id);
  const courseId =
    (await coursesOfTrainings(deps.db, actor.clientId, [row.training_id])).get(row.training_id) ??
    notFound('certificate');
  const source = await loadCertificateSource(deps, actor.clientId, courseId);
  const outcome = await makeCertificate(
    deps,
    source,
    row.training_id,
    row.user_id,
    'reissue',
    auditWhoOf(actor),
    row.cycle,
  );
  if (outcome === 'no_template') badRequest('certificate_template_not_found', { courseId });
  if (outcome !== 'regenerated') conflict('conflict', { reason: outcome });
  return stateOf(deps, actor.clientId, id);
}
