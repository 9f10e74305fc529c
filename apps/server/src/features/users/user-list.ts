import { LIST_TOTAL_CAP } from '@lms/contracts/constants';
import { ROLES } from '@lms/contracts/roles';
import type { TUserFilter, TUserListQuery, TUserSort } from '@lms/contracts/users';
import { sql, type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Database, DbOrTrx } from '../../db/database';
import { countCapped, startsPastCap, type CappedTotal } from '../../platform/paging';
import { shortCache } from '../../platform/short-cache';
import { foldText, repairUserSearchKeys, searchWords } from './user-search-keys';
import { searchSupport, textContains, usesFts, type SearchSupport } from './user-search-sql';
import { userInScope, type UserScope } from './user-scope';

type Db = Database & { u: Database['users'] };
type Eb = ExpressionBuilder<Db, 'u'>;

/** Companies and groups are few per client: their names are matched in memory, then used as id lists. */
async function namedMatches(db: DbOrTrx, clientId: string, words: string[]) {
  if (words.length === 0) return { companies: new Map<string, string[]>(), groups: new Map<string, string[]>() };
  const [companies, groups] = await Promise.all([
    db.selectFrom('companies').select(['id', 'name']).where('client_id', '=', clientId).execute(),
    db.selectFrom('groups').select(['id', 'name']).where('client_id', '=', clientId).execute(),
  ]);
  const match = (rows: { id: string; name: string }[]) =>
    new Map(
      words.map((w) => {
        const folded = foldText(w);
        return [w, rows.filter((r) => foldText(r.name).includes(folded)).map((r) => r.id)];
      }),
    );
  return { companies: match(companies), groups: match(groups) };
}

/** Every search word must match the name, e-mail, username, personnel number, company or a group of the user. */
function wordMatches(
  eb: Eb,
  support: SearchSupport,
  word: string,
  companies: string[],
  groups: string[],
): Expression<SqlBool> {
  const options: Expression<SqlBool>[] = [textContains(support, word)];
  if (companies.length > 0) options.push(eb('u.company_id', 'in', companies));
  if (groups.length > 0)
    options.push(
      eb(
        'u.id',
        'in',
        eb.selectFrom('group_members').select('group_members.user_id').where('group_members.group_id', 'in', groups),
      ),
    );
  return eb.or(options);
}

/** A user search's WHERE; `selective` says it matches few users (a word, a group), so sorting them beats the index. */
export type UserFilterWhere = ((eb: Eb) => Expression<SqlBool>) & { selective: boolean };

/** The WHERE of a user search: scope, filters and words; shared by the page, the count, bulk actions and export. */
export async function userFilterWhere(db: DbOrTrx, scope: UserScope, filter: TUserFilter): Promise<UserFilterWhere> {
  const words = searchWords(filter.search);
  await repairUserSearchKeys(db, scope.clientId);
  const named = await namedMatches(db, scope.clientId, words);
  const support = await searchSupport(db, scope.dialect);
  // SQLite walks the client index of all users unless told not to; with a selective subquery (a search word,
  // a coordinator's groups, a group filter) it is faster to start from that subquery.
  const selective = scope.groupIds !== null || !!filter.groupId || words.some((w) => usesFts(support, w));
  const driveFromSubquery = support.dialect === 'sqlite' && selective;
  const where = (eb: Eb) => {
    const parts: Expression<SqlBool>[] = [userInScope(eb, scope, driveFromSubquery)];
    if (filter.role) parts.push(eb('u.role', '=', filter.role));
    if (filter.status) parts.push(eb('u.is_active', '=', filter.status === 'active'));
    if (filter.companyId) parts.push(eb('u.company_id', '=', filter.companyId));
    if (filter.groupId)
      parts.push(
        eb(
          'u.id',
          'in',
          eb
            .selectFrom('group_members')
            .select('group_members.user_id')
            .where('group_members.group_id', '=', filter.groupId),
        ),
      );
    for (const w of words)
      parts.push(wordMatches(eb, support, w, named.companies.get(w) ?? [], named.groups.get(w) ?? []));
    return eb.and(parts);
  };
  return Object.assign(where, { selective });
}

const roleRank = sql<number>`case u.role ${sql.join(
  ROLES.map((r, i) => sql`when ${sql.lit(r)} then ${sql.lit(i)}`),
  sql` `,
)} end`;

/**
 * The alphabetically first group name of each user, for the "group" sort. Both sides of the join are held to the
 * client (tenancy rule), although the user row already is: a stray link of another client must not decide the order.
 */
const firstGroupName = (clientId: string) =>
  sql`(select min(g.name_normalized) from group_members gm inner join groups g on g.id = gm.group_id
    where gm.user_id = u.id and gm.client_id = ${clientId} and g.client_id = ${clientId})`;

/** Sorts with the id as tie-breaker, so pages never overlap; ascending puts empty values last on both databases. */
function sortBy<TB extends 'u' | 'c', O>(
  q: SelectQueryBuilder<Db & { c: Database['companies'] }, TB, O>,
  clientId: string,
  sort: TUserSort,
  order: 'asc' | 'desc',
  selective: boolean,
) {
  const nulls = order === 'asc' ? 'last' : 'first';
  const col = {
    // With a selective filter, PostgreSQL would walk the whole name index looking for matches; sorting the few
    // matching rows is far cheaper, and the expression keeps it from choosing the index order.
    name: selective ? sql`(u.sort_name || '')` : sql`u.sort_name`,
    email: sql`u.email_normalized`,
    username: sql`u.username_normalized`,
    personnelNumber: sql`u.personell_number`,
    company: sql`c.name`,
    group: firstGroupName(clientId),
    role: roleRank,
    status: sql`u.is_active`,
    lastLogin: sql`u.last_login_at`,
    createdAt: sql`u.created_at`,
  }[sort];
  const dir = sql.raw(order);
  // sort_name is never empty (repaired before listing): without a NULLS clause SQLite walks the sort index.
  const nullsClause = sort === 'name' ? sql`` : sql` nulls ${sql.raw(nulls)}`;
  return q.orderBy(sql`${col} ${dir}${nullsClause}`).orderBy(sql`u.id ${dir}`);
}

const withCompany = <O>(q: SelectQueryBuilder<Db, 'u', O>) => q.leftJoin('companies as c', 'c.id', 'u.company_id');

/** How long a user list's total is kept per process (issue 15: paging through a list counts once, not per page). */
export const USER_TOTAL_CACHE_MS = 5_000;

/**
 * The total of a search, kept USER_TOTAL_CACHE_MS and dropped at once when this process writes users, groups, their
 * members or companies (write family `people`); another process's change shows within that time.
 */
const cachedTotal = shortCache<CappedTotal>({ ms: USER_TOTAL_CACHE_MS, entries: 1_000, families: ['people'] });

/**
 * The ids of one page of a search, in list order: the sort index answers them alone, from the page's first entry on
 * (the company is joined only when it is the sort; joined, SQLite visits the row of every user it walks past,
 * 10,000 of them for the last page, although no column of it is used).
 */
export function userPageIds(db: DbOrTrx, scope: UserScope, query: TUserListQuery, where: UserFilterWhere) {
  const filtered = db.selectFrom('users as u').where(where);
  return sortBy(
    (query.sort === 'company' ? withCompany(filtered) : filtered).select('u.id'),
    scope.clientId,
    query.sort,
    query.order,
    where.selective,
  )
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
}

/**
 * One page of users plus the total: the page uses the sort index, the count only the filter, and stops at
 * LIST_TOTAL_CAP (issue 15), so a tenant of 100,000 users costs what one of 10,000 does. The page is read in two
 * steps ("late row lookup"): the ids of the page in list order (userPageIds), then the rows of those ids, so the
 * rows skipped before a deep page are never read (the last page costs about what the first does).
 */
export async function listUserPage(db: DbOrTrx, scope: UserScope, query: TUserListQuery) {
  const where = await userFilterWhere(db, scope, query);
  const pageIds = userPageIds(db, scope, query, where);
  // The few rows of the page are sorted again (the same order, ties by id), never by walking an index. The client
  // check is repeated (tenancy rule) but kept off SQLite's client index, so the ids lead.
  const inClient = { ...scope, groupIds: null };
  const page = sortBy(
    withCompany(
      db
        .selectFrom('users as u')
        .where('u.id', 'in', pageIds)
        .where((eb) => userInScope(eb, inClient, scope.dialect === 'sqlite')),
    )
      .selectAll('u')
      .select('c.name as company_name'),
    scope.clientId,
    query.sort,
    query.order,
    true,
  );
  const counted = () =>
    cachedTotal(db, { scope, filter: [query.search, query.role, query.status, query.companyId, query.groupId] }, () =>
      countCapped(db, db.selectFrom('users as u').where(where)),
    );
  if (startsPastCap(query)) return { rows: [], ...(await counted()) };
  // SQLite answers one statement at a time anyway, and interleaving two of them is slower than running them in turn.
  const [rows, count] =
    scope.dialect === 'sqlite'
      ? [await page.execute(), await counted()]
      : await Promise.all([page.execute(), counted()]);
  return { rows, ...count };
}

/**
 * The ids matched by a search ("all search results" of a bulk action and the export), in list order: at most
 * LIST_TOTAL_CAP of them, as the screen's total says (issue 15).
 */
export async function listUserIdsOfFilter(db: DbOrTrx, scope: UserScope, filter: TUserFilter): Promise<string[]> {
  const where = await userFilterWhere(db, scope, filter);
  const rows = await db
    .selectFrom('users as u')
    .select('u.id')
    .where(where)
    .orderBy('u.sort_name')
    .orderBy('u.id')
    .limit(LIST_TOTAL_CAP)
    .execute();
  return rows.map((r) => r.id);
}
