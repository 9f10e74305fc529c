/**
 * DECISIONS "CSV", the writing half (the reading half is features/user-import/csv.ts): UTF-8 with BOM and `;` (opens
 * right in German Excel), and cells that a spreadsheet would run as a formula defused. Here in platform because more
 * than one feature writes CSV (the user export of features/users, the import's error reports).
 */
export const BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (FORMULA_START.test(s)) s = `'${s}`;
  return /[;"\r\n,]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One CSV line with its CRLF, for files written as a stream (the BOM goes first, once). */
export const csvLine = (cells: ReadonlyArray<string | number | boolean | null>): string =>
  `${cells.map(csvCell).join(';')}\r\n`;

/** A CSV file as Excel expects it: BOM, `;`, CRLF. */
export function toCsv(
  header: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number | boolean | null>>,
): string {
  const lines = [header, ...rows].map((r) => r.map(csvCell).join(';'));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
