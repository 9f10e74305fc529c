import { sql, type SqlBool } from 'kysely';
import type { DbOrTrx } from '../../db/database';

// The summary rows (reports.table.ts), as the triggers of migration 0039 keep them: read, never written, here.

export type ReportDim = 'company' | 'group';

/** A client's rows of one dimension (all its members, or these), by training, member and status. */
export async function summaryCounts(db: DbOrTrx, clientId: string, dim: ReportDim, dimIds: readonly string[] | null) {
  let q = db
    .selectFrom('report_counts')
    .select(['training_id', 'dim_id', 'status', 'n'])
    .where('client_id', '=', clientId)
    .where('dim', '=', dim)
    .where('n', '>', 0);
  if (dimIds) q = dimIds.length === 0 ? q.where(sql<SqlBool>`1 = 0`) : q.where('dim_id', 'in', dimIds);
  return (await q.execute()).map((r) => ({
    trainingId: r.training_id,
    dimId: r.dim_id,
    status: r.status,
    n: Number(r.n),
  }));
}

/** The completions of a dimension's rows by week, from the week starting `sinceWeek` (a Monday) on. */
export async function summaryWeeks(
  db: DbOrTrx,
  clientId: string,
  dim: ReportDim,
  dimIds: readonly string[] | null,
  sinceWeek: string,
) {
  let q = db
    .selectFrom('report_completion_weeks')
    .select(['training_id', 'week', (eb) => eb.fn.sum<number>('n').as('n')])
    .where('client_id', '=', clientId)
    .where('dim', '=', dim)
    .where('week', '>=', sinceWeek)
    .where('n', '>', 0);
  if (dimIds) q = dimIds.length === 0 ? q.where(sql<SqlBool>`1 = 0`) : q.where('dim_id', 'in', dimIds);
  const rows = await q.groupBy(['training_id', 'week']).execute();
  return rows.map((r) => ({ trainingId: r.training_id, week: r.week, n: Number(r.n) }));
}

/**
 * The validities of a dimension's rows (all its members, or these) that end on the UTC days from `fromDay` to
 * `toDay`, inclusive, by training and member: one covering range of report_validity_days_range (migration 0042).
 */
export async function summaryValidityDays(
  db: DbOrTrx,
  clientId: string,
  dim: ReportDim,
  dimIds: readonly string[] | null,
  fromDay: string,
  toDay: string,
) {
  let q = db
    .selectFrom('report_validity_days')
    .select(['training_id', 'dim_id', (eb) => eb.fn.sum<number>('n').as('n')])
    .where('client_id', '=', clientId)
    .where('dim', '=', dim)
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .where('n', '>', 0);
  if (dimIds) q = dimIds.length === 0 ? q.where(sql<SqlBool>`1 = 0`) : q.where('dim_id', 'in', dimIds);
  const rows = await q.groupBy(['training_id', 'dim_id']).execute();
  return rows.map((r) => ({ trainingId: r.training_id, dimId: r.dim_id, n: Number(r.n) }));
}
