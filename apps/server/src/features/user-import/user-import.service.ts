import { audit, auditWhoOf } from '../../platform/audit/audit-actor';
import { USER_IMPORT_MAX_ROWS } from '@lms/contracts/constants';
import type { TImportPreview, TImportRunBody, TImportStatus, TUserCsvField } from '@lms/contracts/users';
import type { AppDeps } from '../../platform/deps';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { wakeWorkers } from '../../platform/jobs';
import { enqueueJob } from '../../platform/jobs-store';
import { cleanFileName } from '../../platform/multipart';
import type { Actor } from '../../platform/session';
import { usableGroup } from '../groups';
import { resolveUserScope } from '../users';
import { decodeCsv, parseCsv, toCsv, type ParsedCsv } from './csv';
import { planRows, summarise } from './import-analysis';
import { loadImportContext, loginsOfFile } from './import-check';
import { suggestMapping } from './import-fields';
import { IMPORT_RUNS, USER_IMPORT_JOB } from './user-import.job';
import {
  findImport,
  findImportHead,
  insertImport,
  markImportStarted,
  parseOptions,
  parseReport,
  type ImportHead,
  type ImportRow,
} from './user-import.repository';

/** An import is its creator's; anyone who sees the whole client may look at it too. */
async function assertOwnImport(deps: AppDeps, actor: Actor, imp: { created_by: string | null } | undefined) {
  const scope = await resolveUserScope(deps, actor);
  if (!imp || (imp.created_by !== actor.userId && scope.groupIds !== null)) notFound('import');
}

async function findOwnImport(deps: AppDeps, actor: Actor, id: string): Promise<ImportRow> {
  const imp = await findImport(deps.db, actor.clientId, id);
  await assertOwnImport(deps, actor, imp);
  return imp!;
}

async function preview(
  deps: AppDeps,
  actor: Actor,
  imp: Pick<ImportRow, 'id' | 'file_name'>,
  csv: ParsedCsv,
  mapping: (TUserCsvField | null)[],
  minPasswordLength: number,
): Promise<TImportPreview> {
  const scope = await resolveUserScope(deps, actor);
  const ctx = await loadImportContext(
    deps.db,
    { actor, scope, minPasswordLength, runGroupIds: [] },
    loginsOfFile(csv, mapping),
  );
  const plans = planRows(ctx, csv, mapping);
  return {
    id: imp.id,
    fileName: imp.file_name,
    delimiter: csv.delimiter,
    headers: csv.headers,
    mapping,
    ...summarise(plans, csv),
  };
}

/** Upload: the file is kept with the import, parsed, and previewed with the mapping its headers suggest. */
export async function uploadImport(
  deps: AppDeps,
  actor: Actor,
  minPasswordLength: number,
  file: { name: string; bytes: Buffer },
): Promise<TImportPreview> {
  const content = decodeCsv(file.bytes);
  const csv = parseCsv(content);
  if (csv.rows.length === 0) badRequest('csv_invalid', { reason: 'no_rows' });
  if (csv.rows.length > USER_IMPORT_MAX_ROWS)
    badRequest('csv_invalid', { reason: 'too_many_rows', max: USER_IMPORT_MAX_ROWS });
  const imp = { id: newId(), file_name: cleanFileName(file.name) || 'import.csv' };
  await insertImport(deps.db, {
    ...imp,
    client_id: actor.clientId,
    created_by: actor.userId,
    content,
    delimiter: csv.delimiter,
    row_count: csv.rows.length,
  });
  return preview(deps, actor, imp, csv, suggestMapping(csv.headers), minPasswordLength);
}

/** The preview again, with a mapping the user chose. */
export async function previewImport(
  deps: AppDeps,
  actor: Actor,
  minPasswordLength: number,
  id: string,
  mapping: (TUserCsvField | null)[],
): Promise<TImportPreview> {
  const imp = await findOwnImport(deps, actor, id);
  return preview(deps, actor, imp, parseCsv(imp.content), mapping, minPasswordLength);
}

/**
 * A running import whose job failed had its process die on every run (IMPORT_RUNS): it is failed, and its counts
 * say exactly what the committed batches did.
 */
const abandoned = (imp: ImportHead) => imp.status === 'running' && imp.job_status === 'failed';

const statusOf = (imp: ImportHead): TImportStatus => ({
  id: imp.id,
  status: abandoned(imp) ? 'failed' : (imp.status as TImportStatus['status']),
  jobId: imp.job_id,
  total: imp.total || imp.row_count,
  done: imp.done,
  created: imp.created_count,
  skipped: imp.skipped_count,
  failed: imp.failed_count,
  error: abandoned(imp) ? imp.job_error : imp.error,
});

/** Starts the run as a background job; the groups every imported user joins are checked first. */
export async function startImport(
  deps: AppDeps,
  actor: Actor,
  id: string,
  body: TImportRunBody,
): Promise<TImportStatus> {
  const imp = await findOwnImport(deps, actor, id);
  if (imp.status !== 'uploaded') conflict('import_already_started');
  const scope = await resolveUserScope(deps, actor);
  for (const groupId of body.groupIds) await usableGroup(deps.db, scope, groupId);
  if (scope.groupIds !== null && body.groupIds.length === 0 && !body.mapping.includes('groups'))
    badRequest('group_required');
  await deps.db.transaction().execute(async (trx) => {
    const jobId = await enqueueJob(trx, {
      clientId: actor.clientId,
      kind: USER_IMPORT_JOB,
      payload: { importId: id },
      createdBy: actor.userId,
      capability: 'coordination.manage',
      maxAttempts: IMPORT_RUNS,
      total: imp.row_count,
    });
    if (!(await markImportStarted(trx, actor.clientId, id, body, jobId))) conflict('import_already_started');
    // One entry per run, started and finished with its counts (user-import.job.ts); none per imported row.
    await audit(trx, auditWhoOf(actor), actor.clientId, 'import.started', {
      object: { type: 'import', id },
      detail: { rows: imp.row_count, groupIds: body.groupIds, mapping: body.mapping },
    });
  });
  // The user watches the progress bar: this process's worker starts the import now, not at its next poll.
  wakeWorkers();
  return importStatus(deps, actor, id);
}

export async function importStatus(deps: AppDeps, actor: Actor, id: string): Promise<TImportStatus> {
  const head = await findImportHead(deps.db, actor.clientId, id);
  await assertOwnImport(deps, actor, head);
  return statusOf(head!);
}

/** The report: one line per data row with its outcome, the reason, and the row's name and login to find it by. */
export async function importReport(deps: AppDeps, actor: Actor, id: string): Promise<string> {
  const imp = await findOwnImport(deps, actor, id);
  const options = parseOptions(imp);
  const csv = parseCsv(imp.content);
  const col = (cells: string[] | undefined, field: TUserCsvField) => {
    const i = options?.mapping.indexOf(field) ?? -1;
    return i < 0 ? '' : (cells?.[i] ?? '');
  };
  const lines = parseReport(imp).map(([row, status, code, field]) => {
    const cells = csv.rows[row - 1];
    return [
      row,
      status,
      code,
      field,
      col(cells, 'email'),
      col(cells, 'username'),
      col(cells, 'firstName'),
      col(cells, 'lastName'),
    ];
  });
  return toCsv(['row', 'status', 'reason', 'field', 'email', 'username', 'firstName', 'lastName'], lines);
}
