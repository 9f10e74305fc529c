import { LIST_TOTAL_CAP } from '@lms/contracts/constants';
import { sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { DbOrTrx } from '../db/database';

/** The page a list asks for (ZPageQuery's page and pageSize: pages count from 1). */
export interface PagePosition {
  page: number;
  pageSize: number;
}

/** Where a stretch of a list starts (rows skipped) and how many rows it holds at the most. */
export interface RowSlice {
  offset: number;
  limit: number;
}

/**
 * One page of a filtered list (DECISIONS "table paging": lists page on the server). `filtered` holds the joins and
 * filters that decide which rows exist; it is counted as it is, and `ordered` adds what only the rows need (columns,
 * display joins, the ORDER BY with a unique last key so pages neither repeat nor skip rows).
 */
export function paginate<DB, TB extends keyof DB, RowDB, RowTB extends keyof RowDB, Row>(
  filtered: SelectQueryBuilder<DB, TB, object>,
  position: PagePosition,
  ordered: (filtered: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<RowDB, RowTB, Row>,
): Promise<{ rows: Row[]; total: number }> {
  return sliceRows(filtered, { offset: (position.page - 1) * position.pageSize, limit: position.pageSize }, ordered);
}

/**
 * paginate by rows rather than pages, for a caller that may start anywhere (SCIM's startIndex and count, RFC 7644
 * section 3.4.2.4); a slice of no rows asks only for the total.
 */
export async function sliceRows<DB, TB extends keyof DB, RowDB, RowTB extends keyof RowDB, Row>(
  filtered: SelectQueryBuilder<DB, TB, object>,
  slice: RowSlice,
  ordered: (filtered: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<RowDB, RowTB, Row>,
): Promise<{ rows: Row[]; total: number }> {
  const counted = await filtered
    .select(sql<number>`count(*)`.as('n'))
    .$castTo<{ n: number }>() // TypeScript cannot resolve a selection on a generic builder
    .executeTakeFirstOrThrow();
  const rows = slice.limit === 0 ? [] : await ordered(filtered).limit(slice.limit).offset(slice.offset).execute();
  return { rows, total: Number(counted.n) };
}

/** A list's total counted up to LIST_TOTAL_CAP; `totalCapped` says there are more (the screens: "more than 10,000"). */
export interface CappedTotal {
  total: number;
  totalCapped: boolean;
}

/**
 * Counts the rows of `filtered` (joins and filters, no selection) but stops after LIST_TOTAL_CAP + 1 of them, so the
 * count costs the same for a tenant of 10,000 users as for one of 1,000,000 (issue 15).
 */
export async function countCapped<DB, TB extends keyof DB>(
  db: DbOrTrx,
  filtered: SelectQueryBuilder<DB, TB, object>,
): Promise<CappedTotal> {
  const limited = filtered.select(sql.lit(1).as('one')).limit(LIST_TOTAL_CAP + 1);
  const result = await sql<{ n: number | string }>`select count(*) as n from (${limited}) as capped`.execute(db);
  const n = Number(result.rows[0]?.n ?? 0);
  return n > LIST_TOTAL_CAP ? { total: LIST_TOTAL_CAP, totalCapped: true } : { total: n, totalCapped: false };
}

/**
 * Whether a page starts past LIST_TOTAL_CAP. Such a page is answered empty, unread: the screens offer no page beyond
 * "more than 10,000", and skipping that many rows would cost what the tenant's size makes it (issue 15). So the
 * deepest page any capped list reads skips at most LIST_TOTAL_CAP rows, whatever the tenant.
 */
export const startsPastCap = (position: PagePosition): boolean =>
  (position.page - 1) * position.pageSize >= LIST_TOTAL_CAP;

/**
 * paginate for the lists that grow with the users (users, mail queue, a training's participants, all documents, the
 * client overview): the total is capped (countCapped).
 */
export async function paginateCapped<DB, TB extends keyof DB, RowDB, RowTB extends keyof RowDB, Row>(
  db: DbOrTrx,
  filtered: SelectQueryBuilder<DB, TB, object>,
  position: PagePosition,
  ordered: (filtered: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<RowDB, RowTB, Row>,
): Promise<{ rows: Row[] } & CappedTotal> {
  const counted = await countCapped(db, filtered);
  const rows = startsPastCap(position)
    ? []
    : await ordered(filtered)
        .limit(position.pageSize)
        .offset((position.page - 1) * position.pageSize)
        .execute();
  return { rows, ...counted };
}

/** The user's text with LIKE's own wildcards (and the escape character) escaped, so it matches literally. */
const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern for "contains, ignoring case", to compare with a lower-cased column. */
const containsPattern = (text: string): string => `%${escapeLike(text.toLowerCase())}%`;

/**
 * `<expression> LIKE '%text%' ESCAPE '\'` for a lower-cased expression: contains, ignoring case, wildcards literal.
 * The ESCAPE clause is needed on SQLite, which has no default escape character (PostgreSQL's is the backslash).
 */
export const likeContains = (expression: RawBuilder<unknown>, text: string): RawBuilder<SqlBool> =>
  sql<SqlBool>`${expression} like ${containsPattern(text)} escape '\\'`;
