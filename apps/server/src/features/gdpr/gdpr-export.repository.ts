import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import { AUDIT_READ_COLUMNS } from '../../platform/audit/audit.table';

/**
 * What an access request (Art. 15 and 20) reads about one person, table by table: the counterpart of
 * gdpr-erase.repository.ts, and like it the one place that reads other features' tables for this purpose. The
 * lists a person can make long (audit entries, SCORM data) are read in pages by the job (gdpr-export.job.ts).
 */

export async function readProfile(db: DbOrTrx, clientId: string, userId: string) {
  const user = await db
    .selectFrom('users as u')
    .leftJoin('companies as c', (j) => j.onRef('c.id', '=', 'u.company_id').on('c.client_id', '=', clientId))
    .select([
      'u.id',
      'u.first_name as firstName',
      'u.last_name as lastName',
      'u.email',
      'u.username',
      'u.personell_number as personnelNumber',
      'u.role',
      'u.locale',
      'c.name as company',
      'u.gender',
      'u.birthday',
      'u.street',
      'u.city',
      'u.hired_since as hiredSince',
      'u.is_active as isActive',
      'u.active_from as activeFrom',
      'u.active_to as activeTo',
      'u.last_login_at as lastLoginAt',
      'u.login_type as loginType',
      'u.profile_picture as profilePicture',
      'u.external_id as externalId',
      'u.created_at as createdAt',
      'u.updated_at as updatedAt',
    ])
    .where('u.client_id', '=', clientId)
    .where('u.id', '=', userId)
    .executeTakeFirst();
  const groups = await db
    .selectFrom('group_members as m')
    .innerJoin('groups as g', 'g.id', 'm.group_id')
    .select(['g.id', 'g.name', 'm.created_at as memberSince'])
    .where('m.client_id', '=', clientId)
    .where('m.user_id', '=', userId)
    .orderBy('g.name')
    .execute();
  const coordinates = await db
    .selectFrom('group_coordinators as m')
    .innerJoin('groups as g', 'g.id', 'm.group_id')
    .select(['g.id', 'g.name'])
    .where('m.client_id', '=', clientId)
    .where('m.user_id', '=', userId)
    .orderBy('g.name')
    .execute();
  const sessions = await db
    .selectFrom('sessions')
    .select(['created_at as createdAt', 'last_seen_at as lastSeenAt', 'ip', 'user_agent as userAgent'])
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  const entra = await db
    .selectFrom('entra_links')
    .select(['tenant_id as tenantId', 'object_id as objectId', 'created_at as createdAt'])
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .execute();
  return { user, groups, coordinatedGroups: coordinates, sessions, entraLinks: entra };
}

export async function readPremium(db: DbOrTrx, clientId: string, userId: string) {
  const billing = await db
    .selectFrom('premium_billing_addresses')
    .select(['address', 'updated_at as updatedAt'])
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const purchases = await db
    .selectFrom('premium_purchases')
    .select([
      'id',
      'plan',
      'months',
      'method',
      'status',
      'gross_cents as grossCents',
      'currency',
      'billing_address as billingAddress',
      'created_at as createdAt',
      'paid_at as paidAt',
      'premium_from as premiumFrom',
      'premium_until as premiumUntil',
    ])
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  const invoices = await db
    .selectFrom('premium_invoices')
    .select(['id', 'number', 'purchase_id as purchaseId', 'issued_at as issuedAt'])
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .orderBy('issued_at')
    .execute();
  return { billingAddress: billing ?? null, purchases, invoices };
}

/** A course's title in the person's language, else in any. */
const courseTitle = (db: DbOrTrx, clientId: string, locale: string) => (courseIdRef: 't.course_id') =>
  db
    .selectFrom('course_texts as ct')
    .select('ct.title')
    .where('ct.client_id', '=', clientId)
    .where('ct.course_id', '=', sql.ref<string>(courseIdRef))
    .orderBy((eb) => eb.case().when('ct.locale', '=', locale).then(0).else(1).end())
    .limit(1);

export async function readTrainings(db: DbOrTrx, clientId: string, userId: string, locale: string) {
  const title = courseTitle(db, clientId, locale);
  const participations = await db
    .selectFrom('training_participants as p')
    .innerJoin('trainings as t', 't.id', 'p.training_id')
    .select([
      'p.training_id as trainingId',
      't.course_id as courseId',
      () => title('t.course_id').as('courseTitle'),
      't.start_date as trainingStart',
      't.deadline as trainingDeadline',
      'p.status',
      'p.is_optional as isOptional',
      'p.completed_modules as completedModules',
      'p.invited_at as invitedAt',
      'p.started_at as startedAt',
      'p.completed_at as completedAt',
      'p.last_reminder_at as lastReminderAt',
      'p.created_at as assignedAt',
      'p.cycle',
      'p.valid_until as validUntil',
      'p.renewal_opens_at as renewalOpensAt',
    ])
    .where('p.client_id', '=', clientId)
    .where('p.user_id', '=', userId)
    .orderBy('p.created_at')
    .execute();
  const modules = await db
    .selectFrom('training_module_values as v')
    .select([
      'v.training_id as trainingId',
      'v.module_id as moduleId',
      (eb) =>
        eb
          .selectFrom('module_texts as mt')
          .select('mt.title')
          .where('mt.client_id', '=', clientId)
          .whereRef('mt.module_id', '=', 'v.module_id')
          .orderBy((o) => o.case().when('mt.locale', '=', locale).then(0).else(1).end())
          .limit(1)
          .as('moduleTitle'),
      'v.status',
      'v.completed_at as completedAt',
      'v.updated_at as updatedAt',
    ])
    .where('v.client_id', '=', clientId)
    .where('v.user_id', '=', userId)
    .orderBy('v.training_id')
    .execute();
  const reminders = await db
    .selectFrom('training_reminders')
    .select(['training_id as trainingId', 'kind', 'sent_at as sentAt'])
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .orderBy('sent_at')
    .execute();
  // Issue 30 point 1: the closed cycles of each recertified training, as the history shows them.
  const cycles = await db
    .selectFrom('training_cycles')
    .select([
      'training_id as trainingId',
      'cycle',
      'status',
      'started_at as startedAt',
      'completed_at as completedAt',
      'completed_modules as completedModules',
      'required_modules as requiredModules',
      'valid_until as validUntil',
      'closed_at as closedAt',
    ])
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .orderBy('training_id')
    .orderBy('cycle')
    .execute();
  return { participations, cycles, moduleStatuses: modules, reminders };
}

/** A page of the person's SCORM attempts with the data each SCO reported (the CMI model as stored). */
export async function readScormPage(
  db: DbOrTrx,
  clientId: string,
  userId: string,
  afterId: string | null,
  limit: number,
) {
  let q = db
    .selectFrom('scorm_attempts')
    .select([
      'id',
      'kind',
      'training_id as trainingId',
      'module_id as moduleId',
      'status',
      'success_status as successStatus',
      'completed_at as completedAt',
      'created_at as createdAt',
      'updated_at as updatedAt',
    ])
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .orderBy('id')
    .limit(limit);
  if (afterId) q = q.where('id', '>', afterId);
  const attempts = await q.execute();
  if (attempts.length === 0) return [];
  const data = await db
    .selectFrom('scorm_sco_data')
    .select([
      'attempt_id',
      'item_id as itemId',
      'cmi',
      'status',
      'success_status as successStatus',
      'total_time_cs as totalTimeCs',
      'updated_at as updatedAt',
    ])
    .where('client_id', '=', clientId)
    .where(
      'attempt_id',
      'in',
      attempts.map((a) => a.id),
    )
    .execute();
  return attempts.map((a) => ({
    ...a,
    scos: data
      .filter((d) => d.attempt_id === a.id)
      .map(({ attempt_id: _, cmi, ...rest }) => ({ ...rest, cmi: parseJson(cmi) })),
  }));
}

export const readCertificates = (db: DbOrTrx, clientId: string, userId: string, locale: string) => {
  const title = courseTitle(db, clientId, locale);
  return db
    .selectFrom('course_certificates as c')
    .innerJoin('trainings as t', 't.id', 'c.training_id')
    .select([
      'c.id',
      'c.training_id as trainingId',
      () => title('t.course_id').as('courseTitle'),
      'c.locale',
      'c.issued_at as issuedAt',
      'c.regenerated_at as regeneratedAt',
      'c.valid_until as validUntil',
      'c.verification_code as verificationCode',
      'c.file_key as fileKey',
    ])
    .where('c.client_id', '=', clientId)
    .where('c.user_id', '=', userId)
    .orderBy('c.issued_at')
    .execute();
};

export async function readMessages(db: DbOrTrx, clientId: string, userId: string) {
  const columns = [
    'id',
    'kind',
    'sender_id as senderId',
    'recipient_id as recipientId',
    'subject',
    'body',
    'notification_type as notificationType',
    'read_at as readAt',
    'created_at as createdAt',
  ] as const;
  const received = await db
    .selectFrom('messages')
    .select(columns)
    .where('client_id', '=', clientId)
    .where('recipient_id', '=', userId)
    .orderBy('created_at')
    .execute();
  const sent = await db
    .selectFrom('messages')
    .select(columns)
    .where('client_id', '=', clientId)
    .where('sender_id', '=', userId)
    .orderBy('created_at')
    .execute();
  const systemRead = await db
    .selectFrom('system_message_reads as r')
    .innerJoin('system_messages as m', 'm.id', 'r.message_id')
    .select(['m.id', 'm.subject', 'm.sender_name as senderName', 'm.created_at as createdAt', 'r.read_at as readAt'])
    .where('r.client_id', '=', clientId)
    .where('r.user_id', '=', userId)
    .orderBy('m.created_at')
    .execute();
  const systemSent = await db
    .selectFrom('system_messages')
    .select(['id', 'audience', 'subject', 'body', 'created_at as createdAt'])
    .where('client_id', '=', clientId)
    .where('sender_id', '=', userId)
    .orderBy('created_at')
    .execute();
  return { received, sent, systemMessagesRead: systemRead, systemMessagesSent: systemSent };
}

export const readAppointments = (db: DbOrTrx, clientId: string, userId: string) =>
  db
    .selectFrom('appointment_requests')
    .select([
      'id',
      'contact_name as contactName',
      'type',
      'first_date as firstDate',
      'second_date as secondDate',
      'time_of_day as timeOfDay',
      'email',
      'phone',
      'message',
      'created_at as createdAt',
    ])
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();

/** A page of the audit entries about or by the person, oldest first (the indexes end in seq). */
export async function readAuditPage(db: DbOrTrx, clientId: string, userId: string, afterSeq: number, limit: number) {
  const page = (column: 'subject_user_id' | 'actor_id') =>
    db
      .selectFrom('audit_entries')
      .select([...AUDIT_READ_COLUMNS])
      .where('client_id', '=', clientId)
      .where(column, '=', userId)
      .where('seq', '>', afterSeq)
      .orderBy('seq')
      .limit(limit)
      .execute();
  const merged = new Map<number, Awaited<ReturnType<typeof page>>[number]>();
  for (const r of [...(await page('subject_user_id')), ...(await page('actor_id'))]) merged.set(Number(r.seq), r);
  return [...merged.values()]
    .sort((a, b) => Number(a.seq) - Number(b.seq))
    .slice(0, limit)
    .map((r) => ({
      seq: Number(r.seq),
      at: r.at,
      actor: { kind: r.actor_kind, id: r.actor_id },
      action: r.action,
      object: r.object_type ? { type: r.object_type, id: r.object_id } : null,
      aboutYou: r.subject_user_id === userId,
      personal: parseJson(r.personal),
    }));
}

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
