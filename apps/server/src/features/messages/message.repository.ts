import { sql, type Expression, type ExpressionBuilder, type Insertable, type SqlBool } from 'kysely';
import type { Database, DbOrTrx } from '../../db/database';
import type { PagePosition } from '../../platform/paging';
import { paginate } from '../../platform/paging';
import type { MessagesTable, SystemMessagesTable } from './message.table';

/** The reader: who they are and which groups they are a member of (asked of the groups feature once a request). */
export interface Reader {
  clientId: string;
  userId: string;
  groupIds: readonly string[];
}

type SmEb = ExpressionBuilder<Database & { m: Database['system_messages'] }, 'm'>;

/**
 * A system message the reader sees: to the whole client, to one of their groups, or sent by them. The client
 * condition leads (index system_messages_client); a client has few system messages, however many users.
 */
function systemVisible(eb: SmEb, r: Reader): Expression<SqlBool> {
  const terms = [eb('m.audience', '=', 'CLIENT'), eb('m.sender_id', '=', r.userId)];
  if (r.groupIds.length > 0)
    terms.push(
      eb(
        'm.id',
        'in',
        eb.selectFrom('system_message_groups as g').select('g.message_id').where('g.group_id', 'in', r.groupIds),
      ),
    );
  return eb.and([eb('m.client_id', '=', r.clientId), eb.or(terms)]);
}

/** Read by the reader: a read row, or their own message. */
const systemRead = (eb: SmEb, r: Reader): Expression<SqlBool> =>
  eb.or([
    eb('m.sender_id', '=', r.userId),
    eb.exists(
      eb
        .selectFrom('system_message_reads as rd')
        .select(sql`1`.as('one'))
        .whereRef('rd.message_id', '=', 'm.id')
        .where('rd.user_id', '=', r.userId),
    ),
  ]);

export const pageSystemMessages = (db: DbOrTrx, r: Reader, position: PagePosition) =>
  paginate(
    db.selectFrom('system_messages as m').where((eb) => systemVisible(eb, r)),
    position,
    (q) =>
      q
        .selectAll('m')
        .select((eb) => sql<number>`case when ${systemRead(eb, r)} then 1 else 0 end`.as('is_read'))
        .orderBy('m.created_at', 'desc')
        .orderBy('m.id', 'desc'),
  );

export async function countUnreadSystem(db: DbOrTrx, r: Reader): Promise<number> {
  const row = await db
    .selectFrom('system_messages as m')
    .select(sql<number>`count(*)`.as('n'))
    .where((eb) => eb.and([systemVisible(eb, r), eb.not(systemRead(eb, r))]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const findVisibleSystemMessage = (db: DbOrTrx, r: Reader, id: string) =>
  db
    .selectFrom('system_messages as m')
    .select('m.id')
    .where('m.id', '=', id)
    .where((eb) => systemVisible(eb, r))
    .executeTakeFirst();

/** Read rows for these messages (ON CONFLICT DO NOTHING: reading twice is reading once). */
export async function markSystemRead(db: DbOrTrx, r: Reader, ids: readonly string[], now: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .insertInto('system_message_reads')
    .values(ids.map((id) => ({ message_id: id, user_id: r.userId, client_id: r.clientId, read_at: now })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Every unread visible system message becomes read, in one INSERT ... SELECT. */
export async function markAllSystemRead(db: DbOrTrx, r: Reader, now: string): Promise<void> {
  await db
    .insertInto('system_message_reads')
    .columns(['message_id', 'user_id', 'client_id', 'read_at'])
    .expression(
      db
        .selectFrom('system_messages as m')
        .select((eb) => [
          'm.id',
          eb.val(r.userId).as('user_id'),
          eb.val(r.clientId).as('client_id'),
          eb.val(now).as('read_at'),
        ])
        .where((eb) => eb.and([systemVisible(eb, r), eb.not(systemRead(eb, r))])),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function insertSystemMessage(
  db: DbOrTrx,
  row: Insertable<SystemMessagesTable>,
  groupIds: readonly string[],
): Promise<void> {
  await db.insertInto('system_messages').values(row).execute();
  if (groupIds.length > 0)
    await db
      .insertInto('system_message_groups')
      .values(groupIds.map((g) => ({ message_id: row.id, group_id: g, client_id: row.client_id })))
      .execute();
}

export async function insertMessage(db: DbOrTrx, row: Insertable<MessagesTable>): Promise<void> {
  await db.insertInto('messages').values(row).execute();
}

/** A reader's private messages or notifications, or what they sent, newest first. */
export const pageMessages = (
  db: DbOrTrx,
  r: Reader,
  box: 'inbox' | 'notifications' | 'sent',
  position: PagePosition,
) => {
  const base = db.selectFrom('messages as m').where('m.client_id', '=', r.clientId);
  const filtered =
    box === 'sent'
      ? base.where('m.sender_id', '=', r.userId).where('m.kind', '=', 'PRIVATE')
      : base.where('m.recipient_id', '=', r.userId).where('m.kind', '=', box === 'inbox' ? 'PRIVATE' : 'NOTIFICATION');
  return paginate(filtered, position, (q) => q.selectAll('m').orderBy('m.created_at', 'desc').orderBy('m.id', 'desc'));
};

/** Unread private messages and notifications of the reader, by kind (index messages_recipient_unread). */
export async function countUnreadMessages(db: DbOrTrx, r: Reader): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('messages')
    .select(['kind', sql<number>`count(*)`.as('n')])
    .where('recipient_id', '=', r.userId)
    .where('read_at', 'is', null)
    .where('client_id', '=', r.clientId)
    .groupBy('kind')
    .execute();
  return new Map(rows.map((row) => [row.kind, Number(row.n)]));
}

/** Marks one of the reader's messages read; answers whether it is theirs. */
export async function markMessageRead(db: DbOrTrx, r: Reader, id: string, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('messages')
    .select(['id', 'read_at'])
    .where('id', '=', id)
    .where('recipient_id', '=', r.userId)
    .where('client_id', '=', r.clientId)
    .executeTakeFirst();
  if (!row) return false;
  if (row.read_at === null) await db.updateTable('messages').set({ read_at: now }).where('id', '=', id).execute();
  return true;
}

export async function markAllMessagesRead(
  db: DbOrTrx,
  r: Reader,
  kind: 'PRIVATE' | 'NOTIFICATION',
  now: string,
): Promise<void> {
  await db
    .updateTable('messages')
    .set({ read_at: now })
    .where('recipient_id', '=', r.userId)
    .where('client_id', '=', r.clientId)
    .where('kind', '=', kind)
    .where('read_at', 'is', null)
    .execute();
}
