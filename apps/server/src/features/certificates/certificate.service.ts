import type { TCertificateRegeneration, TCourseCertificate, TCourseCertificateList } from '@lms/contracts/certificates';
import { LOCALES, type TLocale } from '@lms/contracts/constants';
import { can } from '@lms/contracts/permissions';
import type { Readable } from 'node:stream';
import type { DbOrTrx } from '../../db/database';
import type { AppDeps } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { nowIso } from '../../platform/ids';
import { enqueueJob } from '../../platform/jobs-store';
import type { Actor } from '../../platform/session';
import { openFromStorage } from '../../platform/storage';
import { courseTitlesOf, loadCourse } from '../courses';
import { certificateValidity, coursesOfTrainings, findVisibleTraining, participationWindows } from '../trainings';
import { findUserById, findUserInScope, resolveUserScope } from '../users';
import { CERTIFICATE_REGENERATE_JOB } from './certificate-jobs';
import { regenerationUsers, type CertificateRegeneratePayload } from './certificate-regenerate.job';
import {
  certificatesOfParticipation,
  findCertificateById,
  listCertificatesOfUser,
  type CertificateRow,
} from './certificate.repository';

const WORD: Record<TLocale, string> = {
  'de-DE': 'Zertifikat',
  'en-US': 'Certificate',
  'fr-FR': 'Attestation',
};

const asLocale = (value: string): TLocale =>
  (LOCALES as readonly string[]).includes(value) ? (value as TLocale) : 'de-DE';

/**
 * "Zertifikat – Datenschutz – Erika Müller.pdf": what it is, for which course and whom, in the
 * certificate's language; no characters a file system refuses.
 */
export function certificateFileName(locale: TLocale, courseTitle: string, userName: string): string {
  const parts = [WORD[locale], courseTitle, userName].map((p) =>
    p
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
  return `${parts.filter(Boolean).join(' – ').slice(0, 150).trim()}.pdf`;
}

function presentCertificate(
  row: CertificateRow,
  courseId: string,
  courseTitle: string,
  userName: string,
  validity: TCourseCertificate['validity'],
): TCourseCertificate {
  const locale = asLocale(row.locale);
  return {
    id: row.id,
    trainingId: row.training_id,
    courseId,
    courseTitle,
    locale,
    fileName: certificateFileName(locale, courseTitle, userName),
    issuedAt: row.issued_at,
    regeneratedAt: row.regenerated_at,
    cycle: row.cycle,
    validUntil: row.valid_until,
    validity,
  };
}

/** GET /api/course-certificate: the signed-in user's own certificates (spec section 2 "my certificates"). */
export async function listMyCertificates(deps: AppDeps, actor: Actor): Promise<TCourseCertificateList> {
  const rows = await listCertificatesOfUser(deps.db, actor.clientId, actor.userId);
  if (rows.length === 0) return { items: [] };
  const courseOf = await coursesOfTrainings(
    deps.db,
    actor.clientId,
    rows.map((r) => r.training_id),
  );
  const titles = await courseTitlesOf(deps.db, actor.clientId, [...courseOf.values()], actor.locale);
  const user = await findUserById(deps.db, actor.clientId, actor.userId);
  const name = user ? `${user.first_name} ${user.last_name}`.trim() : '';
  const windows = await participationWindows(deps.db, actor.clientId, actor.userId);
  const now = nowIso();
  return {
    items: rows.map((r) => {
      const courseId = courseOf.get(r.training_id) ?? '';
      const validity = certificateValidity(r.valid_until, windows.get(r.training_id), now);
      return presentCertificate(r, courseId, titles.get(courseId) ?? '', name, validity);
    }),
  };
}

/**
 * A certificate's file for its owner, a coordinator whose groups hold the training and the user, or an admin of the
 * client (PERMISSIONS.md "Scopes"); to anyone else, and to every other client, it does not exist (404).
 */
export async function openCertificate(
  deps: AppDeps,
  actor: Actor,
  id: string,
): Promise<{ stream: Readable; size: number; fileName: string }> {
  const row = (await findCertificateById(deps.db, actor.clientId, id)) ?? notFound('certificate');
  if (row.user_id !== actor.userId) {
    if (!can(actor.role, 'coordination.manage')) notFound('certificate');
    await assertManaged(deps, actor, row);
  }
  const courseId = (await coursesOfTrainings(deps.db, actor.clientId, [row.training_id])).get(row.training_id) ?? '';
  const locale = asLocale(row.locale);
  const title = (await courseTitlesOf(deps.db, actor.clientId, [courseId], locale)).get(courseId) ?? '';
  const user = await findUserById(deps.db, actor.clientId, row.user_id);
  const file = (await openFromStorage(deps.config, row.file_key)) ?? notFound('certificate');
  const name = user ? `${user.first_name} ${user.last_name}`.trim() : '';
  return { ...file, fileName: certificateFileName(locale, title, name) };
}

/**
 * A certificate a coordinator may manage: its training is visible to them and its user within their scope (a
 * coordinator's groups, an admin's client; PERMISSIONS.md "Scopes"); else 404, as for another client's.
 */
export async function assertManaged(deps: AppDeps, actor: Actor, row: CertificateRow): Promise<void> {
  const scope = await resolveUserScope(deps, actor);
  await findVisibleTraining(deps.db, scope, row.training_id);
  await findUserInScope(deps.db, scope, row.user_id);
}

/**
 * POST /api/course-training/{id}/certificates/regenerate (spec section 2 "certificate regeneration"): a job that
 * makes the certificates of everyone in the starter's scope who completed the training. A course without a
 * certificate template has nothing to make them from (400 certificate_template_not_found).
 */
export async function startRegeneration(
  deps: AppDeps,
  actor: Actor,
  trainingId: string,
): Promise<TCertificateRegeneration> {
  const scope = await resolveUserScope(deps, actor);
  const training = await findVisibleTraining(deps.db, scope, trainingId);
  const course = await loadCourse(deps.db, actor.clientId, training.course_id, actor.locale);
  if (!course.certificateTemplateId)
    badRequest('certificate_template_not_found', { field: 'certificateTemplateId', courseId: course.id });
  const payload: CertificateRegeneratePayload = { trainingId, groupIds: scope.groupIds, actorId: actor.userId };
  const total = (await regenerationUsers(deps, actor.clientId, payload)).length;
  const jobId = await enqueueJob(deps.db, {
    clientId: actor.clientId,
    kind: CERTIFICATE_REGENERATE_JOB,
    payload,
    createdBy: actor.userId,
    capability: 'coordination.manage',
    total,
    maxAttempts: 2,
  });
  return { jobId, total };
}

/** For the trainings' cycle history (port certificates.of-participation): each cycle's certificate id. */
export async function certificateIdsOfParticipation(
  db: DbOrTrx,
  clientId: string,
  trainingId: string,
  userId: string,
): Promise<Map<number, string>> {
  const rows = await certificatesOfParticipation(db, clientId, trainingId, userId);
  return new Map(rows.map((r) => [r.cycle, r.id]));
}

/** A person's certificates with their cycle, issue date and validity (the learning record, issue 31 point 2). */
export async function certificatesOfUser(db: DbOrTrx, clientId: string, userId: string) {
  const rows = await listCertificatesOfUser(db, clientId, userId);
  return rows.map((r) => ({
    id: r.id,
    trainingId: r.training_id,
    cycle: r.cycle,
    issuedAt: r.regenerated_at ?? r.issued_at,
    validUntil: r.valid_until,
  }));
}
