import type { TImportRunBody } from '@lms/contracts/users';
import type { Selectable, Updateable } from 'kysely';
import type { DbOrTrx, UserImportsTable } from '../../db/database';
import { nowIso } from '../../platform/ids';

export type ImportRow = Selectable<UserImportsTable>;
export type ImportStatus = 'uploaded' | 'running' | 'done' | 'failed';

/** One line of the report: data row number, outcome, and the reason of a skipped or failed row. */
export type ReportEntry = [
  row: number,
  status: 'created' | 'skipped' | 'failed',
  code: string | null,
  field: string | null,
];

export const findImport = (db: DbOrTrx, clientId: string, id: string) =>
  db.selectFrom('user_imports').selectAll().where('client_id', '=', clientId).where('id', '=', id).executeTakeFirst();

/** The import without its file and report: what a progress poll needs. */
/** An import's status fields, with its job's status: a run whose process died too often ends with the job alone. */
export const findImportHead = (db: DbOrTrx, clientId: string, id: string) =>
  db
    .selectFrom('user_imports as i')
    .leftJoin('jobs as j', (join) => join.onRef('j.id', '=', 'i.job_id').onRef('j.client_id', '=', 'i.client_id'))
    .select(['i.id', 'i.created_by', 'i.file_name', 'i.status', 'i.job_id', 'i.row_count', 'i.total', 'i.done'])
    .select(['i.created_count', 'i.skipped_count', 'i.failed_count', 'i.error'])
    .select(['j.status as job_status', 'j.last_error as job_error'])
    .where('i.client_id', '=', clientId)
    .where('i.id', '=', id)
    .executeTakeFirst();
export type ImportHead = NonNullable<Awaited<ReturnType<typeof findImportHead>>>;

export async function insertImport(
  db: DbOrTrx,
  row: Pick<ImportRow, 'id' | 'client_id' | 'created_by' | 'file_name' | 'content' | 'delimiter' | 'row_count'>,
): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('user_imports')
    .values({
      ...row,
      status: 'uploaded',
      options: null,
      job_id: null,
      report: null,
      error: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

export async function updateImport(db: DbOrTrx, clientId: string, id: string, fields: Updateable<UserImportsTable>) {
  await db
    .updateTable('user_imports')
    .set({ ...fields, updated_at: nowIso() })
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .execute();
}

/** Moves an uploaded import to running exactly once, even when the run is asked for twice at the same time. */
export async function markImportStarted(
  db: DbOrTrx,
  clientId: string,
  id: string,
  options: TImportRunBody,
  jobId: string,
): Promise<boolean> {
  const res = await db
    .updateTable('user_imports')
    .set({ status: 'running', options: JSON.stringify(options), job_id: jobId, updated_at: nowIso() })
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .where('status', '=', 'uploaded')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export const parseOptions = (row: ImportRow): TImportRunBody | null =>
  row.options ? (JSON.parse(row.options) as TImportRunBody) : null;

export const parseReport = (row: ImportRow): ReportEntry[] =>
  row.report ? (JSON.parse(row.report) as ReportEntry[]) : [];

/** What an import run needs of its client (a job has no request, so no resolved tenant). */
export async function findImportTenant(db: DbOrTrx, clientId: string) {
  const c = await db
    .selectFrom('clients')
    .select(['id', 'name', 'support_email', 'platform_domain', 'min_password_length'])
    .where('id', '=', clientId)
    .executeTakeFirst();
  return c
    ? {
        id: c.id,
        name: c.name,
        supportEmail: c.support_email,
        platformDomain: c.platform_domain,
        minPasswordLength: c.min_password_length,
      }
    : undefined;
}
