import type { TMailQueueQuery } from '@lms/contracts/mail';
import {
  sql,
  type ExpressionBuilder,
  type Insertable,
  type Selectable,
  type Updateable,
  type UpdateObject,
} from 'kysely';
import type { Database, DbOrTrx, MailAttemptsTable, MailQueueTable } from '../../db/database';
import { newId } from '../../platform/ids';
import { likeContains, paginateCapped } from '../../platform/paging';
import { chunks } from '../../db/chunks';

export type MailRow = Selectable<MailQueueTable>;
export type MailAttemptRow = Selectable<MailAttemptsTable>;

/** Inserts mails with one statement per chunk (an import queues thousands in one transaction: issue 15). */
export async function insertMails(
  db: DbOrTrx,
  clientId: string,
  rows: readonly Omit<Insertable<MailQueueTable>, 'client_id'>[],
): Promise<void> {
  const all = rows.map((row) => ({ ...row, client_id: clientId }));
  for (const chunk of chunks(all)) await db.insertInto('mail_queue').values(chunk).execute();
}

export const findMailById = (db: DbOrTrx, clientId: string, id: string) =>
  db.selectFrom('mail_queue').selectAll().where('client_id', '=', clientId).where('id', '=', id).executeTakeFirst();

const SORT_COLUMNS = {
  createdAt: 'created_at',
  recipient: 'to_address_normalized',
  subject: 'subject',
  status: 'status',
  attempts: 'attempts',
} as const;

/** The queue screen's list: filters by status, recipient and subject (case-insensitive, partial), paged. */
export async function listMails(db: DbOrTrx, clientId: string, q: TMailQueueQuery) {
  let base = db.selectFrom('mail_queue').where('client_id', '=', clientId);
  if (q.status) base = base.where('status', '=', q.status);
  const recipient = sql.ref('to_address_normalized');
  const subject = sql`lower(subject)`;
  if (q.recipient) base = base.where(likeContains(recipient, q.recipient));
  if (q.subject) base = base.where(likeContains(subject, q.subject));
  const search = q.search;
  if (search) base = base.where((eb) => eb.or([likeContains(recipient, search), likeContains(subject, search)]));
  const sort = q.sort ?? 'createdAt';
  return paginateCapped(db, base, q, (rows) =>
    rows
      .selectAll()
      .orderBy(SORT_COLUMNS[sort], sort === 'createdAt' && !q.sort ? 'desc' : q.order)
      .orderBy('id', 'desc'),
  );
}

export const listAttempts = (db: DbOrTrx, clientId: string, mailId: string) =>
  db
    .selectFrom('mail_attempts')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('mail_id', '=', mailId)
    .orderBy('attempted_at')
    .orderBy('id')
    .execute();

export async function insertAttempt(
  db: DbOrTrx,
  clientId: string,
  row: Omit<Insertable<MailAttemptsTable>, 'client_id' | 'id'>,
): Promise<void> {
  await db
    .insertInto('mail_attempts')
    .values({ ...row, id: newId(), client_id: clientId })
    .execute();
}

type MailChanges = Updateable<MailQueueTable>;

/** Changes a mail only while it is in one of `from`; answers whether it did (the state may have moved on). */
export async function updateMailIf(
  db: DbOrTrx,
  clientId: string,
  id: string,
  from: readonly string[],
  changes: MailChanges | ((eb: ExpressionBuilder<Database, 'mail_queue'>) => UpdateObject<Database, 'mail_queue'>),
): Promise<boolean> {
  const res = await db
    .updateTable('mail_queue')
    .set(changes)
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

/** Records one delivery attempt on the mail row (while it is in one of `from`): the count goes up by one. */
export const applyMailAttempt = (
  db: DbOrTrx,
  clientId: string,
  id: string,
  from: readonly string[],
  changes: MailChanges,
): Promise<boolean> => updateMailIf(db, clientId, id, from, (eb) => ({ ...changes, attempts: eb('attempts', '+', 1) }));

/** What a mail needs to know of its client: name, domain, support e-mail and footer. */
export const findClientMailInfo = (db: DbOrTrx, clientId: string) =>
  db
    .selectFrom('clients')
    .select(['id', 'name', 'platform_domain', 'support_email', 'email_footer'])
    .where('id', '=', clientId)
    .executeTakeFirst();
