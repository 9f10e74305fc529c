import type { CLIENT_TOKEN_SORTS } from '@lms/contracts/client-tokens';
import type { TPageQuery } from '@lms/contracts/common';
import { sql, type Insertable, type Selectable } from 'kysely';
import type { ClientTokensTable, DbOrTrx } from '../../db/database';
import { likeContains, paginate } from '../../platform/paging';

export type ClientTokenRow = Selectable<ClientTokensTable>;
/** Every column but the hash: what lists and answers are made of, so the hash never leaves this file by accident. */
const COLUMNS = [
  'id',
  'client_id',
  'name',
  'expires_on',
  'is_active',
  'created_by_name',
  'created_at',
  'last_accessed_at',
  'invalidated_at',
] as const;
export type ClientTokenView = Omit<ClientTokenRow, 'secret_hash' | 'created_by_user_id'>;

const SORT_COLUMNS = {
  createdAt: sql`created_at`,
  name: sql`lower(name)`,
  expiresOn: sql`expires_on`,
  lastAccessedAt: sql`last_accessed_at`,
} as const;

export async function pageTokens(
  db: DbOrTrx,
  clientId: string,
  query: Pick<TPageQuery, 'page' | 'pageSize' | 'search' | 'order'> & { sort: (typeof CLIENT_TOKEN_SORTS)[number] },
) {
  let filtered = db.selectFrom('client_tokens').where('client_id', '=', clientId);
  if (query.search) filtered = filtered.where(likeContains(sql`lower(name)`, query.search));
  const direction = query.order === 'desc' ? sql`desc` : sql`asc`;
  return paginate(filtered, query, (q) =>
    q
      .select(COLUMNS)
      .orderBy(sql`${SORT_COLUMNS[query.sort]} ${direction}`)
      .orderBy('id', query.order),
  );
}

/**
 * The client a token id belongs to: the one lookup before the scope check, since the route names only the token.
 * Every later query is scoped to that client.
 */
export const findTokenClientId = async (db: DbOrTrx, id: string): Promise<string | undefined> =>
  (await db.selectFrom('client_tokens').select('client_id').where('id', '=', id).executeTakeFirst())?.client_id;

export const findToken = (db: DbOrTrx, clientId: string, id: string): Promise<ClientTokenView | undefined> =>
  db
    .selectFrom('client_tokens')
    .select(COLUMNS)
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .executeTakeFirst();

export async function insertToken(db: DbOrTrx, row: Insertable<ClientTokensTable>): Promise<void> {
  await db.insertInto('client_tokens').values(row).execute();
}

/** Invalidated tokens stay as a record (spec section 4 "Token active to invalidated"); they are never reactivated. */
export async function invalidateTokens(db: DbOrTrx, clientId: string, at: string, id?: string): Promise<string[]> {
  let q = db
    .updateTable('client_tokens')
    .set({ is_active: false, invalidated_at: at })
    .where('client_id', '=', clientId)
    .where('is_active', '=', true);
  if (id) q = q.where('id', '=', id);
  const rows = await q.returning('id').execute();
  return rows.map((r) => r.id);
}

/**
 * The guard's lookup: one indexed query by the host's client and the secret's hash (unique together, migration
 * 0045; a token of another client is not found).
 */
export const findTokenByHash = (db: DbOrTrx, clientId: string, secretHash: string) =>
  db
    .selectFrom('client_tokens')
    .select(['id', 'client_id', 'is_active', 'expires_on', 'last_accessed_at'])
    .where('secret_hash', '=', secretHash)
    .where('client_id', '=', clientId)
    .executeTakeFirst();

/** Compare-and-set: of several processes that see a stale time, one writes it. */
export async function touchToken(db: DbOrTrx, id: string, now: string, staleBefore: string): Promise<void> {
  await db
    .updateTable('client_tokens')
    .set({ last_accessed_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_accessed_at', 'is', null), eb('last_accessed_at', '<', staleBefore)]))
    .execute();
}
