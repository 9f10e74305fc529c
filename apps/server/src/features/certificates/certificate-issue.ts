import { audit, SYSTEM_WHO, type AuditWho } from '../../platform/audit/audit-actor';
import { DEFAULT_LOCALE, LOCALES, type TLocale } from '@lms/contracts/constants';
import {
  formatVerificationCode,
  VERIFICATION_CODE_ALPHABET,
  VERIFICATION_CODE_LENGTH,
} from '@lms/contracts/certificates';
import { pickLocalized } from '@lms/contracts/modules';
import type { AppDeps } from '../../platform/deps';
import { newId, newVerificationCode, nowIso } from '../../platform/ids';
import { removeFromStorage, writeToStorage } from '../../platform/storage';
import { clientBaseUrl } from '../account';
import { loadCourse } from '../courses';
import { sendTemplatedMail } from '../mail';
import { findClientDomain, findCompletion } from '../trainings';
import { findUserById } from '../users';
import {
  fillCertificateText,
  findCertificateTemplateLocales,
  formatCertificateDate,
  formatCertificateDuration,
  loadTemplateLook,
  readBackground,
  renderCertificatePdf,
  splitCertificateBody,
  type CertificateLook,
} from '../templates';
import { certificateKey } from './certificate-storage';
import { notifyUsers } from '../messages';
import {
  findCertificateOf,
  insertCertificate,
  insertCertificateCode,
  replaceCertificateFile,
  setCurrentCode,
  withdrawCode,
} from './certificate.repository';

// Making one user's certificate of one training (DECISIONS "certificate"): in the user's locale from the course's
// certificate template, stored through platform/storage, recorded in course_certificates, and announced by mail
// the first time.

interface TemplateText {
  subtitle: string;
  body: string;
  backgroundKey: string | null;
}

/** What every certificate of one course needs, loaded once per job (a regeneration makes thousands). */
export interface CourseCertificateSource {
  clientId: string;
  courseId: string;
  titles: Partial<Record<TLocale, string>>;
  fallbackTitle: string;
  /** The course's duration; the sum of its module durations when the course gives none (issue 32 point 2). */
  durationMinutes: number;
  /** Issue 32 point 2: the template's design with the client's logo and colours; null: the plain page. */
  look: CertificateLook | null;
  /** The template's texts per locale; null: the course names no template and issues no certificates. */
  template: Partial<Record<TLocale, TemplateText>> | null;
  backgrounds: Map<string, Promise<Uint8Array | null>>;
  domain: string | undefined;
}

export async function loadCertificateSource(
  deps: AppDeps,
  clientId: string,
  courseId: string,
): Promise<CourseCertificateSource> {
  const course = await loadCourse(deps.db, clientId, courseId, DEFAULT_LOCALE);
  let template: CourseCertificateSource['template'] = null;
  let look: CertificateLook | null = null;
  if (course.certificateTemplateId) {
    look = await loadTemplateLook(deps, clientId, course.certificateTemplateId);
    const rows = await findCertificateTemplateLocales(deps.db, clientId, [course.certificateTemplateId]);
    // A template deleted meanwhile cannot be: a course naming it keeps it (certificate_template_in_use).
    if (rows.length > 0) {
      template = Object.fromEntries(
        rows.map((r) => [r.locale, { subtitle: r.subtitle, body: r.body, backgroundKey: r.background_key }]),
      );
    }
  }
  return {
    clientId,
    courseId,
    titles: Object.fromEntries(Object.entries(course.i18n).map(([l, t]) => [l, t.title])),
    fallbackTitle: course.title,
    // Issue 32 point 2: "Dauer: 25 Minuten" on a course of 30 came from adding up the modules; the course's own
    // duration is what it promises (the course page shows it), so it is the certificate's.
    durationMinutes: course.durationMinutes ?? course.modules.reduce((sum, m) => sum + m.durationInMinutes, 0),
    look,
    template,
    backgrounds: new Map(),
    domain: await findClientDomain(deps.db, clientId),
  };
}

function backgroundOf(deps: AppDeps, source: CourseCertificateSource, key: string): Promise<Uint8Array | null> {
  let bytes = source.backgrounds.get(key);
  if (!bytes) {
    bytes = readBackground(deps, key).then((b) => b ?? null);
    source.backgrounds.set(key, bytes);
  }
  return bytes;
}

const asLocale = (value: string): TLocale =>
  (LOCALES as readonly string[]).includes(value) ? (value as TLocale) : DEFAULT_LOCALE;

/** Locales in the order DECISIONS "course texts" falls back: the user's, en-US, de-DE. */
function pickTemplateLocale(
  template: Partial<Record<TLocale, TemplateText>>,
  wanted: TLocale,
): { locale: TLocale; text: TemplateText } | undefined {
  const text = pickLocalized(template, wanted);
  const locale = LOCALES.find((l) => template[l] === text);
  return text && locale ? { locale, text } : undefined;
}

/** The reason recorded on a re-issued certificate's old code (the coordinators' list says "replaced"). */
export const REISSUED = 'reissued';

/** The public page that verifies a code, on the client's own domain (issue 30 point 2). */
export function verificationUrl(deps: AppDeps, domain: string | undefined, code: string): string {
  return domain ? new URL(`/verify/${code}`, clientBaseUrl(deps.config, domain)).toString() : `/verify/${code}`;
}

export type IssueOutcome =
  | 'issued'
  | 'regenerated'
  | 'not_completed'
  | 'no_template'
  | 'exists'
  | 'no_user'
  /** The certificate's row went while its file was made (its training or user was deleted). */
  | 'gone';

/**
 * Makes the certificate of a user who completed the training. `mode: 'issue'` leaves an existing certificate as it
 * is (a job may run twice); `'regenerate'` makes its file again and stamps `regenerated_at`, and issues one to a
 * user who has none yet; `'reissue'` does the same for one certificate with a new verification code, and withdraws
 * the old code (issue 30 point 2: a name corrected). Only a first issue queues the "certificate issued" mail.
 */
export async function makeCertificate(
  deps: AppDeps,
  source: CourseCertificateSource,
  trainingId: string,
  userId: string,
  mode: 'issue' | 'regenerate' | 'reissue',
  who: AuditWho = SYSTEM_WHO,
  /** Only this cycle's certificate (a re-issue of one certificate): an earlier cycle's is history, never made again. */
  cycle?: number,
): Promise<IssueOutcome> {
  const { clientId } = source;
  const completion = await findCompletion(deps.db, clientId, trainingId, userId);
  if (!completion || completion.courseId !== source.courseId) return 'not_completed';
  if (cycle !== undefined && cycle !== completion.cycle) return 'not_completed';
  if (!source.template) return 'no_template';
  const existing = await findCertificateOf(deps.db, clientId, trainingId, userId, completion.cycle);
  if (existing && mode === 'issue') return 'exists';
  const user = await findUserById(deps.db, clientId, userId);
  if (!user) return 'no_user';

  const picked = pickTemplateLocale(source.template, asLocale(user.locale));
  if (!picked) return 'no_template';
  const { locale, text } = picked;
  const name = `${user.first_name} ${user.last_name}`.trim();
  const courseTitle = pickLocalized(source.titles, locale) ?? source.fallbackTitle;
  const values = {
    name,
    course: courseTitle,
    date: formatCertificateDate(completion.completedAt, locale),
    duration: formatCertificateDuration(source.durationMinutes, locale),
  };
  // Issue 30 point 2: a new certificate, and a re-issued one, get a new code (a re-issue withdraws the old one, so the
  // old PDF verifies as withdrawn); a regenerated one keeps its code, since it certifies the same.
  const keptCode = mode === 'reissue' ? null : existing?.verification_code;
  const code = keptCode ?? newVerificationCode(VERIFICATION_CODE_ALPHABET, VERIFICATION_CODE_LENGTH);
  // Issue 30 point 1: a new certificate holds as long as the completion it certifies; a regenerated or re-issued one
  // keeps the date it was issued with (it certifies what was asked then).
  const validUntil = existing ? existing.valid_until : completion.validUntil;
  const body = source.look
    ? splitCertificateBody(text.body, values)
    : { hero: null, body: fillCertificateText(text.body, values) };
  const { bytes: pdf } = await renderCertificatePdf({
    background: text.backgroundKey ? await backgroundOf(deps, source, text.backgroundKey) : null,
    subtitle: fillCertificateText(text.subtitle, values),
    body: body.body,
    hero: body.hero,
    look: source.look,
    locale,
    title: courseTitle,
    verification: {
      code: formatVerificationCode(code),
      url: verificationUrl(deps, source.domain, code),
      validUntil: validUntil ? formatCertificateDate(validUntil, locale) : null,
    },
  });

  const id = existing?.id ?? newId();
  const key = certificateKey(clientId, id, newId());
  const size = await writeToStorage(deps.config, key, pdf);
  const now = nowIso();
  let kept = false;
  try {
    kept = await deps.db.transaction().execute(async (trx) => {
      if (existing) {
        const replaced = await replaceCertificateFile(trx, clientId, id, {
          file_key: key,
          file_size: size,
          locale,
          regenerated_at: now,
        });
        if (replaced && code !== existing.verification_code) {
          if (existing.verification_code) await withdrawCode(trx, clientId, existing.verification_code, now, REISSUED);
          await insertCertificateCode(trx, { code, client_id: clientId, certificate_id: id, created_at: now });
          await setCurrentCode(trx, clientId, id, code);
        }
        if (replaced)
          await audit(trx, who, clientId, 'certificate.regenerated', {
            object: { type: 'certificate', id },
            subjectUserId: userId,
            detail: { mode, trainingId },
            ...(code !== existing.verification_code
              ? { before: { code: existing.verification_code }, after: { code } }
              : {}),
          });
        return replaced;
      }
      const made = await insertCertificate(trx, {
        id,
        client_id: clientId,
        training_id: trainingId,
        user_id: userId,
        locale,
        file_key: key,
        file_size: size,
        issued_at: now,
        regenerated_at: null,
        verification_code: code,
        valid_until: validUntil,
        cycle: completion.cycle,
      });
      if (made) await insertCertificateCode(trx, { code, client_id: clientId, certificate_id: id, created_at: now });
      if (made)
        await notifyUsers(trx, clientId, [userId], {
          type: 'certificate_issued',
          data: { trainingId },
          dedupeKey: `certificate_issued:${trainingId}:${completion.cycle}`,
        });
      if (made && user.email && user.is_active) {
        const link = source.domain
          ? new URL('/documents/certificates', clientBaseUrl(deps.config, source.domain)).toString()
          : '';
        await sendTemplatedMail(trx, clientId, {
          kind: 'certificate_issued',
          locale: asLocale(user.locale),
          to: { address: user.email, name },
          values: { firstName: user.first_name, lastName: user.last_name, name, courseTitle, link },
        });
      }
      if (made)
        await audit(trx, who, clientId, 'certificate.issued', {
          object: { type: 'certificate', id },
          subjectUserId: userId,
          after: { code },
          detail: { trainingId },
        });
      return made;
    });
  } finally {
    // The file no row points at goes: the new one when nothing was recorded, else the one it replaced.
    const orphan = kept ? existing?.file_key : key;
    if (orphan) await removeFromStorage(deps.config, orphan);
  }
  if (!kept) return existing ? 'gone' : 'exists';
  return existing ? 'regenerated' : 'issued';
}

/** The 'certificate.issue' job's work: one user, one training, the course's source loaded for it. */
export async function issueCertificate(
  deps: AppDeps,
  clientId: string,
  trainingId: string,
  userId: string,
): Promise<IssueOutcome> {
  const completion = await findCompletion(deps.db, clientId, trainingId, userId);
  if (!completion) return 'not_completed';
  const source = await loadCertificateSource(deps, clientId, completion.courseId);
  return makeCertificate(deps, source, trainingId, userId, 'issue');
}
