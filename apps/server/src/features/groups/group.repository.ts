import type { TGroupRef } from '@lms/contracts/users';
import type { Selectable } from 'kysely';
import type { DbOrTrx, Dialect, GroupsTable } from '../../db/database';
import { nowIso } from '../../platform/ids';
import { chunks } from '../../db/chunks';

export type GroupRow = Selectable<GroupsTable>;
export type GroupLink = 'group_members' | 'group_coordinators';

export const normaliseGroupName = (name: string): string => name.trim().toLowerCase();

export const findGroupById = (db: DbOrTrx, clientId: string, id: string) =>
  db.selectFrom('groups').selectAll().where('client_id', '=', clientId).where('id', '=', id).executeTakeFirst();

/**
 * The group row, locked until the transaction ends on PostgreSQL, so that concurrent changes of one group (its name,
 * members, coordinators) run one after another: each takes the row first, before any member row. Without it, one
 * renaming the group (a unique-index column: a key update) while two others add the same member deadlocked (the
 * second adder waits on the first's index entry, whose foreign-key check waits on the rename, which waits on the
 * second's). FOR NO KEY UPDATE, not FOR UPDATE: the foreign-key checks of other features' member inserts (FOR KEY
 * SHARE) do not wait for it. SQLite runs one writer at a time.
 */
export async function lockGroupForChange(db: DbOrTrx, dialect: Dialect, clientId: string, id: string) {
  const query = db.selectFrom('groups').selectAll().where('client_id', '=', clientId).where('id', '=', id);
  return (dialect === 'postgres' ? query.forNoKeyUpdate() : query).executeTakeFirst();
}

export const findGroupsByIds = (db: DbOrTrx, clientId: string, ids: readonly string[]): Promise<GroupRow[]> =>
  ids.length === 0
    ? Promise.resolve([])
    : db.selectFrom('groups').selectAll().where('client_id', '=', clientId).where('id', 'in', ids).execute();

export const findGroupByName = (db: DbOrTrx, clientId: string, name: string) =>
  db
    .selectFrom('groups')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('name_normalized', '=', normaliseGroupName(name))
    .executeTakeFirst();

export const listGroupNames = (db: DbOrTrx, clientId: string) =>
  db
    .selectFrom('groups')
    .select(['id', 'name', 'name_normalized', 'is_externally_managed'])
    .where('client_id', '=', clientId)
    .execute();

export const toGroupRef = (g: Pick<GroupRow, 'id' | 'name' | 'is_externally_managed'>): TGroupRef => ({
  id: g.id,
  name: g.name,
  externallyManaged: g.is_externally_managed,
});

/** The groups each user belongs to (or coordinates), for one page of users: one query. */
export async function groupRefsOfUsers(
  db: DbOrTrx,
  clientId: string,
  userIds: readonly string[],
  link: GroupLink,
): Promise<Map<string, TGroupRef[]>> {
  const out = new Map<string, TGroupRef[]>();
  for (const chunk of chunks(userIds)) {
    const rows = await db
      .selectFrom(`${link} as l`)
      .innerJoin('groups as g', 'g.id', 'l.group_id')
      .select(['l.user_id', 'g.id', 'g.name', 'g.is_externally_managed'])
      .where('l.client_id', '=', clientId)
      .where('l.user_id', 'in', chunk)
      .orderBy('g.name')
      .execute();
    for (const r of rows) {
      const list = out.get(r.user_id) ?? [];
      list.push(toGroupRef(r));
      out.set(r.user_id, list);
    }
  }
  return out;
}

export async function groupIdsOfUser(
  db: DbOrTrx,
  clientId: string,
  userId: string,
  link: GroupLink,
): Promise<string[]> {
  const rows = await db
    .selectFrom(link)
    .select('group_id')
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .execute();
  return rows.map((r) => r.group_id);
}

/** Adds links, ignoring ones that exist (ON CONFLICT DO NOTHING works on both databases). */
export async function addLinks(
  db: DbOrTrx,
  clientId: string,
  link: GroupLink,
  pairs: ReadonlyArray<{ groupId: string; userId: string }>,
): Promise<void> {
  const now = nowIso();
  for (const chunk of chunks(pairs)) {
    await db
      .insertInto(link)
      .values(chunk.map((p) => ({ group_id: p.groupId, user_id: p.userId, client_id: clientId, created_at: now })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

export async function removeLinks(
  db: DbOrTrx,
  clientId: string,
  link: GroupLink,
  groupId: string,
  userIds: readonly string[],
): Promise<void> {
  for (const chunk of chunks(userIds)) {
    await db
      .deleteFrom(link)
      .where('client_id', '=', clientId)
      .where('group_id', '=', groupId)
      .where('user_id', 'in', chunk)
      .execute();
  }
}

/** The users linked to a group; with `among`, only those of these users (no walk over a large group). */
export async function userIdsOfGroup(
  db: DbOrTrx,
  clientId: string,
  groupId: string,
  link: GroupLink,
  among?: readonly string[],
): Promise<string[]> {
  const q = db.selectFrom(link).select('user_id').where('client_id', '=', clientId).where('group_id', '=', groupId);
  if (among) {
    const found: string[] = [];
    for (const chunk of chunks(among))
      found.push(...(await q.where('user_id', 'in', chunk).execute()).map((r) => r.user_id));
    return found;
  }
  const rows = await q.execute();
  return rows.map((r) => r.user_id);
}

export async function countMembers(
  db: DbOrTrx,
  clientId: string,
  groupIds: readonly string[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const chunk of chunks(groupIds)) {
    const rows = await db
      .selectFrom('group_members')
      .select(['group_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('client_id', '=', clientId)
      .where('group_id', 'in', chunk)
      .groupBy('group_id')
      .execute();
    for (const r of rows) out.set(r.group_id, Number(r.n));
  }
  return out;
}
