import Papa from 'papaparse';
import { badRequest } from '../../platform/errors';

export { decodeCsv } from './csv-decode';

/**
 * DECISIONS "CSV": read UTF-8 (with or without BOM), UTF-16 with BOM or Windows-1252 (csv-decode.ts), `;`, `,` or
 * tab detected; write UTF-8 with BOM and `;` (opens right in German Excel), and defuse cells that a spreadsheet
 * would run as a formula.
 */
export const BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;
/** A cell we prefixed on export; the import takes the quote off again so a round trip keeps the value. */
const PREFIXED_FORMULA = /^'[=+\-@\t\r]/;

export interface ParsedCsv {
  delimiter: ';' | ',' | '\t';
  headers: string[];
  rows: string[][];
}

/** Parses a whole file; a file without a header row and at least one column is not a CSV we can read. */
export function parseCsv(text: string): ParsedCsv {
  const result = Papa.parse<string[]>(text.startsWith(BOM) ? text.slice(1) : text, {
    delimiter: '',
    // Tab for Excel's "Unicode text" (UTF-16 with BOM); Papa takes it only where rows split into columns alike.
    delimitersToGuess: [';', ',', '\t'],
    skipEmptyLines: 'greedy',
  });
  const [header, ...rows] = result.data;
  if (!header || header.length === 0 || header.every((h) => h.trim() === '')) return badRequest('csv_invalid');
  const delimiter = result.meta.delimiter === ',' || result.meta.delimiter === '\t' ? result.meta.delimiter : ';';
  return {
    delimiter,
    headers: header.map((h) => h.trim()),
    rows: rows.map((r) => r.map((cell) => (PREFIXED_FORMULA.test(cell) ? cell.slice(1) : cell))),
  };
}

function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (FORMULA_START.test(s)) s = `'${s}`;
  return /[;"\r\n,]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A CSV file as Excel expects it: BOM, `;`, CRLF. */
export function toCsv(
  header: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number | boolean | null>>,
): string {
  const lines = [header, ...rows].map((r) => r.map(csvCell).join(';'));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
