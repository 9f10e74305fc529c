import type { TPageQuery } from '@lms/contracts/common';
import type { COMPANY_SORTS } from '@lms/contracts/companies';
import { sql, type Insertable, type Selectable } from 'kysely';
import type { CompaniesTable, DbOrTrx } from '../../db/database';
import { likeContains, paginate } from '../../platform/paging';
import { companyKey } from './company-key';

export type CompanyRow = Selectable<CompaniesTable>;

const SORT_COLUMNS = {
  name: sql`c.name_normalized`,
  userCount: sql`user_count`,
  createdAt: sql`c.created_at`,
} as const;

/**
 * One page of the client's companies with the number of users in each. The count is a correlated subquery on the
 * users_company index, run for the page's rows (and, when sorting by it, for the client's companies, which are few).
 */
export async function pageCompanies(
  db: DbOrTrx,
  clientId: string,
  query: Pick<TPageQuery, 'page' | 'pageSize' | 'search' | 'order'> & { sort: (typeof COMPANY_SORTS)[number] },
) {
  let filtered = db.selectFrom('companies as c').where('c.client_id', '=', clientId);
  if (query.search) filtered = filtered.where(likeContains(sql`c.name_normalized`, query.search));
  const direction = query.order === 'desc' ? sql`desc` : sql`asc`;
  return paginate(filtered, query, (q) =>
    q
      .selectAll('c')
      .select((eb) =>
        eb
          .selectFrom('users as u')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('u.company_id', '=', 'c.id')
          .as('user_count'),
      )
      .orderBy(sql`${SORT_COLUMNS[query.sort]} ${direction}`)
      .orderBy('c.id'),
  );
}

/**
 * The client a company id belongs to: the one lookup before the scope check, since the route names only the
 * company. Every later query is scoped to that client.
 */
export const findCompanyClientId = async (db: DbOrTrx, id: string): Promise<string | undefined> =>
  (await db.selectFrom('companies').select('client_id').where('id', '=', id).executeTakeFirst())?.client_id;

export const findCompanyById = (db: DbOrTrx, clientId: string, id: string) =>
  db.selectFrom('companies').selectAll().where('client_id', '=', clientId).where('id', '=', id).executeTakeFirst();

export const findCompanyByKey = (db: DbOrTrx, clientId: string, key: string) =>
  db
    .selectFrom('companies')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('name_normalized', '=', key)
    .executeTakeFirst();

export const findCompaniesByKeys = (db: DbOrTrx, clientId: string, keys: readonly string[]) =>
  keys.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('companies')
        .select(['id', 'name_normalized'])
        .where('client_id', '=', clientId)
        .where('name_normalized', 'in', keys)
        .execute();

export async function insertCompanies(db: DbOrTrx, rows: ReadonlyArray<Insertable<CompaniesTable>>): Promise<void> {
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('companies')
      .values(rows.slice(i, i + 500))
      .execute();
}

export async function renameCompany(db: DbOrTrx, clientId: string, id: string, name: string): Promise<void> {
  await db
    .updateTable('companies')
    .set({ name, name_normalized: companyKey(name) })
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .execute();
}

export const countCompanyUsers = async (db: DbOrTrx, clientId: string, id: string): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('client_id', '=', clientId)
        .where('company_id', '=', id)
        .executeTakeFirstOrThrow()
    ).n,
  );

export async function deleteCompany(db: DbOrTrx, clientId: string, id: string): Promise<boolean> {
  const res = await db
    .deleteFrom('companies')
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .executeTakeFirst();
  return res.numDeletedRows > 0n;
}

/** The names of these companies of the client (the reports' rows per company). */
export const companyNamesOf = async (db: DbOrTrx, clientId: string, ids: readonly string[]) =>
  ids.length === 0
    ? new Map<string, string>()
    : new Map(
        (
          await db
            .selectFrom('companies')
            .select(['id', 'name'])
            .where('client_id', '=', clientId)
            .where('id', 'in', ids)
            .execute()
        ).map((r) => [r.id, r.name]),
      );

/** Every company of the client, by name (the reports' company filter). */
export const companiesOfClient = (db: DbOrTrx, clientId: string) =>
  db
    .selectFrom('companies')
    .select(['id', 'name'])
    .where('client_id', '=', clientId)
    .orderBy('name_normalized')
    .execute();
