import type { TReportSort } from '@lms/contracts/reports';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import type { UserScope } from '../users';
import { inState, scopedRows, type AttentionKey, type AttentionWindow, type ReportRowFilter } from './report-rows';

// The overdue/expiring export's rows (issue 31 point 3): every row of the filter, read in keyset pages in the order
// of the screen's list (report-rows.ts), so the export holds one page at a time, past LIST_TOTAL_CAP.

/** The rows in a state with their person (the name sort's key), for the export's keyset pages. */
const rowsWithUser = (db: DbOrTrx, scope: UserScope, filter: ReportRowFilter, w: AttentionWindow) =>
  inState(scopedRows(db, scope, filter), w).innerJoin('users as u', 'u.id', 'p.user_id');
type RowsWithUser = ReturnType<typeof rowsWithUser>;

/** A keyset's sort key: the column it orders by, and the same as text to start the next page after. */
interface SortKey {
  column: RawBuilder<unknown>;
  text: RawBuilder<string | null>;
}
const SORT_NAME: SortKey = { column: sql`u.sort_name`, text: sql<string | null>`u.sort_name` };
// As text, a PostgreSQL timestamp keeps its microseconds (a Date would drop them); SQLite holds the ISO text itself.
const VALID_UNTIL: SortKey = { column: sql`p.valid_until`, text: sql<string | null>`cast(p.valid_until as text)` };
type Tie = 'training_id' | 'user_id';

/** `(a, b, c) > (x, y, z)`, spelled out: both dialects, and an index on the columns serves it. */
function after(columns: readonly { column: RawBuilder<unknown>; value: string }[]): RawBuilder<SqlBool> {
  const branches = columns.map((c, i) =>
    sql.join(
      [...columns.slice(0, i).map((e) => sql`${e.column} = ${e.value}`), sql`${c.column} > ${c.value}`],
      sql` and `,
    ),
  );
  return sql<SqlBool>`(${sql.join(
    branches.map((b) => sql`(${b})`),
    sql` or `,
  )})`;
}

/**
 * The keys of `rows` by `key` and then the ties, `size` at a time, each page after the last. The key's nulls come
 * where the dialect's ORDER BY puts them, as the screen shows them: SQLite first, PostgreSQL last.
 */
async function* keysetPages(
  rows: () => RowsWithUser,
  size: number,
  key: (SortKey & { nullsFirst: boolean }) | null,
  ties: readonly Tie[],
): AsyncGenerator<AttentionKey[]> {
  const tieColumn = (t: Tie) => sql`${sql.ref(`p.${t}`)}`;
  for (const nulls of key ? [key.nullsFirst, !key.nullsFirst] : [false]) {
    let last: { k: string | null; training_id: string; user_id: string } | undefined;
    for (;;) {
      let q = rows().select([(key?.text ?? sql<null>`null`).as('k'), 'p.training_id', 'p.user_id']);
      if (key) q = q.where(nulls ? sql<SqlBool>`${key.column} is null` : sql<SqlBool>`${key.column} is not null`);
      if (last) {
        const end = last;
        const keyed = key && !nulls ? [{ column: key.column, value: end.k ?? '' }] : [];
        q = q.where(after([...keyed, ...ties.map((t) => ({ column: tieColumn(t), value: end[t] }))]));
      }
      if (key && !nulls) q = q.orderBy(key.column);
      for (const t of ties) q = q.orderBy(tieColumn(t));
      const page = await q.limit(size).execute();
      if (page.length > 0) yield page.map((r) => ({ trainingId: r.training_id, userId: r.user_id }));
      if (page.length < size) break;
      last = page[page.length - 1];
    }
  }
}

/**
 * Every row in a state, in the order of the list's `sort` (as attentionPage walks them), `size` keys at a time by
 * keyset: each page starts after the last key of the one before, so there is no cap and no OFFSET, and memory holds
 * one page whatever the number of rows (the export, issue 31 point 3).
 */
export async function* attentionKeyPages(
  db: DbOrTrx,
  scope: UserScope,
  filter: ReportRowFilter,
  w: AttentionWindow,
  sort: TReportSort,
  size: number,
): AsyncGenerator<AttentionKey[]> {
  const rows = (trainingIds: readonly string[]) => () => rowsWithUser(db, scope, { ...filter, trainingIds }, w);
  const nullsFirst = scope.dialect === 'sqlite';
  if (sort === 'name') {
    yield* keysetPages(rows(filter.trainingIds), size, { ...SORT_NAME, nullsFirst }, ['user_id', 'training_id']);
    return;
  }
  if (w.state !== 'overdue' && sort === 'urgent') {
    yield* keysetPages(rows(filter.trainingIds), size, { ...VALID_UNTIL, nullsFirst }, ['training_id', 'user_id']);
    return;
  }
  // Training by training in the order given, as the screen's pages walk them; a page may span trainings.
  let buffer: AttentionKey[] = [];
  for (const trainingId of filter.trainingIds)
    for await (const keys of keysetPages(rows([trainingId]), size, null, ['user_id'])) {
      buffer.push(...keys);
      if (buffer.length >= size) {
        yield buffer.slice(0, size);
        buffer = buffer.slice(size);
      }
    }
  if (buffer.length > 0) yield buffer;
}
