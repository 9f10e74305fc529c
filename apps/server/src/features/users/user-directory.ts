import type { DbOrTrx, Dialect } from '../../db/database';
import { foldText, repairUserSearchKeys, searchWords } from './user-search-keys';
import { searchSupport, textContains } from './user-search-sql';

/**
 * What the messages feature asks of the users feature (issue 14): the people of one client a user may write to,
 * by name only (no address or other field leaves here), and one such person by id. Users of another client are
 * never found, so a message to them is 404 like an unknown id.
 */
export interface DirectoryPerson {
  id: string;
  name: string;
}

const name = (u: { first_name: string; last_name: string }) => `${u.first_name} ${u.last_name}`.trim();

/** Active users of the client whose name, e-mail or username contains every word; at most `limit`, by name. */
export async function searchDirectory(
  db: DbOrTrx,
  dialect: Dialect,
  clientId: string,
  search: string,
  limit: number,
  exceptUserId: string,
): Promise<DirectoryPerson[]> {
  await repairUserSearchKeys(db, clientId);
  const support = await searchSupport(db, dialect);
  const words = searchWords(foldText(search));
  let q = db
    .selectFrom('users as u')
    .select(['u.id', 'u.first_name', 'u.last_name'])
    .where('u.client_id', '=', clientId)
    .where('u.is_active', '=', true)
    .where('u.id', '!=', exceptUserId);
  for (const w of words) q = q.where(() => textContains(support, w));
  const rows = await q.orderBy('u.sort_name').orderBy('u.id').limit(limit).execute();
  return rows.map((u) => ({ id: u.id, name: name(u) }));
}

/** One user of the client by id (any status: a message may wait for someone currently inactive), else undefined. */
export async function findDirectoryPerson(
  db: DbOrTrx,
  clientId: string,
  id: string,
): Promise<DirectoryPerson | undefined> {
  const u = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .executeTakeFirst();
  return u ? { id: u.id, name: name(u) } : undefined;
}

/** Names of these users of the client, for the sender and recipient columns of a page of messages. */
export async function directoryNames(db: DbOrTrx, clientId: string, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where('client_id', '=', clientId)
    .where('id', 'in', unique)
    .execute();
  return new Map(rows.map((u) => [u.id, name(u)]));
}
