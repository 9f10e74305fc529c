import { LOGIN_TYPES } from '@lms/contracts/roles';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { DbOrTrx, Trx } from '../../db/database';
import { nowIso } from '../../platform/ids';
import type { PersonMarks } from './gdpr-marks';
import { scrubText } from './gdpr-marks';

/**
 * The erasure's inventory of personal data (issue 30 point 4, Art. 17), table by table. It is the one place that
 * writes into other features' tables: an erasure must reach every row that names the person, and an auditor reads
 * the list here (docs/operations.md, "GDPR"). Everything runs in the caller's transaction.
 *
 * Kept on purpose, without anything personal: the user row (anonymised), training participations, module values
 * and SCORM attempts (the statistics count them), group memberships (a coordinator's scope and the counts),
 * reminder and read marks (ids and times only), invoices (tax law keeps them ten years: Art. 17(3)(b)).
 */

const ANONYMISED = '***';

/** Rows whose `column` mentions one of the marks: as spelt, or lower-cased on both sides. */
function mentions(column: string, marks: PersonMarks): Expression<SqlBool> {
  if (marks.search.length === 0) return sql<SqlBool>`1 = 0`;
  const terms = marks.search.flatMap((m) => [
    sql<SqlBool>`${sql.ref(column)} like ${`%${likeEscape(m)}%`} escape '\\'`,
    sql<SqlBool>`lower(${sql.ref(column)}) like ${`%${likeEscape(m.toLowerCase())}%`} escape '\\'`,
  ]);
  return sql<SqlBool>`(${sql.join(terms, sql` or `)})`;
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const inChunks = async <T>(items: readonly T[], fn: (chunk: T[]) => Promise<unknown>) => {
  for (let i = 0; i < items.length; i += 500) await fn(items.slice(i, i + 500));
};

/** Sign-in, links and identities: gone. */
export async function eraseAccess(trx: Trx, clientId: string, userId: string, marks: PersonMarks): Promise<void> {
  await trx.deleteFrom('sessions').where('client_id', '=', clientId).where('user_id', '=', userId).execute();
  await trx.deleteFrom('user_tokens').where('client_id', '=', clientId).where('user_id', '=', userId).execute();
  await trx.deleteFrom('entra_links').where('client_id', '=', clientId).where('user_id', '=', userId).execute();
  await trx
    .deleteFrom('scim_resources')
    .where('client_id', '=', clientId)
    .where('resource_type', '=', 'User')
    .where('id', '=', userId)
    .execute();
  if (marks.logins.length > 0) {
    await trx
      .deleteFrom('unknown_login_failures')
      .where('client_id', '=', clientId)
      .where('login_normalized', 'in', marks.logins)
      .execute();
    await trx
      .deleteFrom('forgot_username_requests')
      .where('client_id', '=', clientId)
      .where('email_normalized', 'in', marks.logins)
      .execute();
  }
  await trx
    .deleteFrom('gdpr_retention_warnings')
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .execute();
}

/** Messages to the person and private messages they wrote: gone; system messages they sent: sender anonymised. */
export async function eraseMessages(trx: Trx, clientId: string, userId: string, marks: PersonMarks): Promise<void> {
  await trx.deleteFrom('messages').where('client_id', '=', clientId).where('recipient_id', '=', userId).execute();
  await trx
    .deleteFrom('messages')
    .where('client_id', '=', clientId)
    .where('sender_id', '=', userId)
    .where('kind', '=', 'PRIVATE')
    .execute();
  await trx
    .updateTable('messages')
    .set({ sender_id: null })
    .where('client_id', '=', clientId)
    .where('sender_id', '=', userId)
    .execute();
  await trx
    .updateTable('system_messages')
    .set({ sender_id: null, sender_name: ANONYMISED })
    .where('client_id', '=', clientId)
    .where('sender_id', '=', userId)
    .execute();
  await scrubColumns(trx, clientId, marks, 'system_messages', 'id', ['subject', 'body', 'sender_name']);
  await scrubColumns(trx, clientId, marks, 'messages', 'id', ['subject', 'body', 'data']);
}

/** Appointment requests stay as counted events without the person's ways of being reached. */
export async function eraseAppointments(trx: Trx, clientId: string, userId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('appointment_requests')
    .select('mail_id')
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .execute();
  await trx
    .updateTable('appointment_requests')
    .set({ email: null, phone: null, message: null, mail_id: null })
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .execute();
  return rows.map((r) => r.mail_id).filter((id): id is string => id !== null);
}

/**
 * Mails to the person, the mails of their appointment requests and reminders, and any mail that names them (a
 * request mail to the support address): deleted, queued or sent (their attempts go with them).
 */
export async function eraseMails(
  trx: Trx,
  clientId: string,
  userId: string,
  marks: PersonMarks,
  mailIds: readonly string[],
): Promise<void> {
  const reminderMails = await trx
    .selectFrom('training_reminders')
    .select('mail_id')
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .where('mail_id', 'is not', null)
    .execute();
  await trx
    .updateTable('training_reminders')
    .set({ mail_id: null })
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .execute();
  const ids = [...mailIds, ...reminderMails.map((r) => r.mail_id as string)];
  await inChunks(ids, (chunk) =>
    trx.deleteFrom('mail_queue').where('client_id', '=', clientId).where('id', 'in', chunk).execute(),
  );
  if (marks.logins.length > 0)
    await trx
      .deleteFrom('mail_queue')
      .where('client_id', '=', clientId)
      .where('to_address_normalized', 'in', marks.logins)
      .execute();
  for (const column of ['subject', 'body_text', 'body_html', 'to_name', 'reply_to'] as const) {
    const found = await trx
      .selectFrom('mail_queue')
      .select('id')
      .where('client_id', '=', clientId)
      .where(mentions(column, marks))
      .execute();
    await inChunks(
      found.map((r) => r.id),
      (chunk) => trx.deleteFrom('mail_queue').where('client_id', '=', clientId).where('id', 'in', chunk).execute(),
    );
  }
}

/** SCORM suspend data and the CMI model (it holds the learner's name and id): gone; the attempts stay. */
export async function eraseScormData(trx: Trx, clientId: string, userId: string): Promise<void> {
  await trx
    .deleteFrom('scorm_sco_data')
    .where('client_id', '=', clientId)
    .where('attempt_id', 'in', (eb) =>
      eb.selectFrom('scorm_attempts').select('id').where('client_id', '=', clientId).where('user_id', '=', userId),
    )
    .execute();
}

/** Billing address: gone; purchases without an invoice lose theirs (an invoice's copy is kept by tax law). */
export async function erasePremium(trx: Trx, clientId: string, userId: string): Promise<void> {
  await trx
    .deleteFrom('premium_billing_addresses')
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .execute();
  await trx
    .updateTable('premium_purchases')
    .set({ billing_address: '' })
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('premium_invoices as i')
            .select('i.id')
            .where('i.client_id', '=', clientId)
            .whereRef('i.purchase_id', '=', 'premium_purchases.id'),
        ),
      ),
    )
    .execute();
}

/**
 * Free text elsewhere that may name the person (an import's file and report, a job's payload or result, a SCIM
 * group's member list, a client token's author): the marks are replaced where they occur.
 */
export async function scrubElsewhere(trx: Trx, clientId: string, userId: string, marks: PersonMarks): Promise<void> {
  await scrubColumns(trx, clientId, marks, 'user_imports', 'id', ['file_name', 'content', 'report', 'error']);
  await scrubColumns(trx, clientId, marks, 'jobs', 'id', ['payload', 'result', 'last_error']);
  await scrubColumns(trx, clientId, marks, 'scim_resources', 'id', ['data']);
  await trx
    .updateTable('client_tokens')
    .set({ created_by_user_id: null, created_by_name: ANONYMISED })
    .where('client_id', '=', clientId)
    .where('created_by_user_id', '=', userId)
    .execute();
  await scrubColumns(trx, clientId, marks, 'client_tokens', 'id', ['name', 'created_by_name']);
  await scrubColumns(trx, clientId, marks, 'appointment_requests', 'id', ['message']);
}

type ScrubTable =
  | 'system_messages'
  | 'messages'
  | 'user_imports'
  | 'jobs'
  | 'scim_resources'
  | 'client_tokens'
  | 'appointment_requests';

/** Replaces the marks in the given text columns of the client's rows that mention them. */
async function scrubColumns(
  trx: Trx,
  clientId: string,
  marks: PersonMarks,
  table: ScrubTable,
  key: 'id',
  columns: string[],
): Promise<void> {
  if (marks.search.length === 0) return;
  for (const column of columns) {
    const db = trx as unknown as DbOrTrx;
    const rows = (await db
      .selectFrom(table as 'jobs')
      .select([key, sql.ref(column).as('text')])
      .where('client_id', '=', clientId)
      .where(mentions(column, marks))
      .execute()) as unknown as { id: string; text: string | null }[];
    for (const r of rows) {
      if (r.text === null) continue;
      await db
        .updateTable(table as 'jobs')
        .set({ [column]: scrubText(r.text, marks) } as never)
        .where('client_id', '=', clientId)
        .where(key, '=', r.id)
        .execute();
    }
  }
}

/** The user row itself: anonymised, inactive, no way to sign in; its id keeps the counted rows in place. */
export async function anonymiseUserRow(trx: Trx, clientId: string, userId: string): Promise<void> {
  await trx
    .updateTable('users')
    .set({
      email: null,
      email_normalized: null,
      username: null,
      username_normalized: null,
      first_name: '',
      last_name: '',
      personell_number: null,
      password_hash: null,
      initial_password_hash: null,
      role: 'PARTICIPANT',
      company_id: null,
      gender: null,
      birthday: null,
      street: null,
      city: null,
      hired_since: null,
      is_active: false,
      active_from: null,
      active_to: null,
      login_type: LOGIN_TYPES.NONE,
      is_password_change_required: false,
      password_updated_at: null,
      locked_until: null,
      profile_picture: null,
      external_id: null,
      search_text: '',
      sort_name: '',
      updated_at: nowIso(),
    })
    .where('client_id', '=', clientId)
    .where('id', '=', userId)
    .execute();
}

/** The person's certificates (rows and their verification codes): deleted; answers the stored files to remove. */
export async function deleteCertificatesOf(trx: DbOrTrx, clientId: string, userId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('course_certificates')
    .select('file_key')
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .execute();
  await trx
    .deleteFrom('certificate_codes')
    .where('client_id', '=', clientId)
    .where('certificate_id', 'in', (eb) =>
      eb.selectFrom('course_certificates').select('id').where('client_id', '=', clientId).where('user_id', '=', userId),
    )
    .execute();
  await trx.deleteFrom('course_certificates').where('client_id', '=', clientId).where('user_id', '=', userId).execute();
  return rows.map((r) => r.file_key);
}

export const countCertificatesOf = async (db: DbOrTrx, clientId: string, userId: string): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('course_certificates')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('client_id', '=', clientId)
        .where('user_id', '=', userId)
        .executeTakeFirst()
    )?.n ?? 0,
  );
