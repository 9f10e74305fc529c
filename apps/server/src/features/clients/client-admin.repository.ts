import type { TClientListQuery, TClientSort } from '@lms/contracts/client-admin';
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { ClientsTable, DbOrTrx } from '../../db/database';
import { likeContains, paginateCapped } from '../../platform/paging';

export type ClientRow = Selectable<ClientsTable>;
export type ClientListRow = ClientRow & { reseller_name: string | null };

/** Client name uniqueness is platform-wide and ignores case and surrounding spaces (ARCHITECTURE section 4). */
export const normaliseClientName = (name: string): string => name.trim().normalize('NFC').toLowerCase();

export const findClientRow = (db: DbOrTrx, id: string) =>
  db.selectFrom('clients').selectAll().where('id', '=', id).executeTakeFirst();

export const findResellerName = async (db: DbOrTrx, id: string | null): Promise<string | null> =>
  id ? ((await db.selectFrom('clients').select('name').where('id', '=', id).executeTakeFirst())?.name ?? null) : null;

/** Which unique value another client already holds: the name first, then the domain. */
export async function findClientClash(
  db: DbOrTrx,
  values: { nameNormalized?: string; domain?: string },
  exceptId?: string,
): Promise<'client_name_taken' | 'platform_domain_taken' | undefined> {
  const { nameNormalized, domain } = values;
  if (nameNormalized === undefined && domain === undefined) return undefined;
  let q = db
    .selectFrom('clients')
    .select(['name_normalized', 'platform_domain'])
    .where((eb) =>
      eb.or([
        ...(nameNormalized !== undefined ? [eb('name_normalized', '=', nameNormalized)] : []),
        ...(domain !== undefined ? [eb('platform_domain', '=', domain)] : []),
      ]),
    );
  if (exceptId) q = q.where('id', '!=', exceptId);
  const rows = await q.limit(2).execute();
  if (rows.some((r) => r.name_normalized === nameNormalized)) return 'client_name_taken';
  if (rows.length > 0) return 'platform_domain_taken';
  return undefined;
}

export async function insertClient(db: DbOrTrx, row: Insertable<ClientsTable>): Promise<void> {
  await db.insertInto('clients').values(row).execute();
}

export async function updateClientRow(db: DbOrTrx, id: string, changes: Updateable<ClientsTable>): Promise<void> {
  await db.updateTable('clients').set(changes).where('id', '=', id).execute();
}

/** The users feature counts deleted users here, in the transaction that deletes them. */
export async function addDeletedUsers(db: DbOrTrx, clientId: string, count: number): Promise<void> {
  if (count <= 0) return;
  await db
    .updateTable('clients')
    .set((eb) => ({ deleted_users_count: eb('deleted_users_count', '+', count) }))
    .where('id', '=', clientId)
    .execute();
}

export const isResellerClientRow = async (db: DbOrTrx, clientId: string): Promise<boolean> =>
  (await db.selectFrom('clients').select('is_reseller').where('id', '=', clientId).executeTakeFirst())?.is_reseller ===
  true;

/** null: every client (SUPERADMIN); otherwise the reseller's own client and the clients it resells. */
export type ClientListScope = { resellerClientId: string | null };

const sortColumn = (sort: TClientSort) => {
  switch (sort) {
    case 'name':
      return sql.ref('c.name_normalized');
    case 'platformDomain':
      return sql.ref('c.platform_domain');
    case 'platformEnd':
      return sql.ref('c.platform_end');
    case 'createdAt':
      return sql.ref('c.created_at');
  }
};

/** One page of the client overview: filtered and counted, then sorted with the id as the last key. */
export async function listClientPage(
  db: DbOrTrx,
  scope: ClientListScope,
  query: TClientListQuery,
): Promise<{ rows: ClientListRow[]; total: number; totalCapped: boolean }> {
  let base = db.selectFrom('clients as c');
  const reseller = scope.resellerClientId;
  if (reseller !== null)
    base = base.where((eb) => eb.or([eb('c.id', '=', reseller), eb('c.reseller_client_id', '=', reseller)]));
  const search = query.search;
  if (search)
    base = base.where((eb) =>
      eb.or([likeContains(sql`c.name_normalized`, search), likeContains(sql`c.platform_domain`, search)]),
    );
  return paginateCapped(db, base, query, (filtered) =>
    filtered
      .leftJoin('clients as r', 'r.id', 'c.reseller_client_id')
      .selectAll('c')
      .select('r.name as reseller_name')
      .orderBy(sortColumn(query.sort), (ob) => (query.order === 'asc' ? ob.asc() : ob.desc()).nullsLast())
      .orderBy('c.id', query.order),
  );
}
