import { sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';

/** The page a list asks for (ZPageQuery's page and pageSize: pages count from 1). */
export interface PagePosition {
  page: number;
  pageSize: number;
}

/**
 * One page of a filtered list (DECISIONS "table paging": lists page on the server). `filtered` holds the joins and
 * filters that decide which rows exist; it is counted as it is, and `ordered` adds what only the rows need (columns,
 * display joins, the ORDER BY with a unique last key so pages neither repeat nor skip rows).
 */
export async function paginate<DB, TB extends keyof DB, RowDB, RowTB extends keyof RowDB, Row>(
  filtered: SelectQueryBuilder<DB, TB, object>,
  position: PagePosition,
  ordered: (filtered: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<RowDB, RowTB, Row>,
): Promise<{ rows: Row[]; total: number }> {
  const counted = await filtered
    .select(sql<number>`count(*)`.as('n'))
    .$castTo<{ n: number }>() // TypeScript cannot resolve a selection on a generic builder
    .executeTakeFirstOrThrow();
  const rows = await ordered(filtered)
    .limit(position.pageSize)
    .offset((position.page - 1) * position.pageSize)
    .execute();
  return { rows, total: Number(counted.n) };
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
