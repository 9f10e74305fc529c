import { USER_IMPORT_PREVIEW_ROWS } from '@lms/contracts/constants';
import type { TImportIssue, TUserCsvField } from '@lms/contracts/users';
import type { ParsedCsv } from './csv';
import { planRow, type ImportContext, type RowPlan } from './import-check';
import { readRow } from './import-rows';

/** At most this many issues travel in a preview; the count says how many there are in all. */
const PREVIEW_ISSUES = 200;

/** Reads and checks every row of a file through a mapping: the plan of each row, in file order. */
export function planRows(ctx: ImportContext, csv: ParsedCsv, mapping: readonly (TUserCsvField | null)[]): RowPlan[] {
  const seen = new Set<string>();
  return csv.rows.map((cells, i) => {
    const read = readRow(cells, mapping, i + 1);
    return read.ok ? planRow(ctx, read.candidate, seen) : { ok: false, issue: read.issue };
  });
}

export function summarise(plans: readonly RowPlan[], csv: ParsedCsv) {
  const issues: TImportIssue[] = [];
  let valid = 0;
  for (const p of plans) {
    if (p.ok) valid += 1;
    else issues.push(p.issue);
  }
  return {
    rows: csv.rows.slice(0, USER_IMPORT_PREVIEW_ROWS),
    rowCount: csv.rows.length,
    validCount: valid,
    issues: issues.slice(0, PREVIEW_ISSUES),
    issueCount: issues.length,
  };
}
