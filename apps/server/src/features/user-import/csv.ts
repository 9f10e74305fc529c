import Papa from 'papaparse';
import { BOM } from '../../platform/csv-write';
import { badRequest } from '../../platform/errors';

export { decodeCsv } from './csv-decode';
/** Writing is platform/csv-write.ts (the user export in features/users writes CSV as well). */
export { toCsv } from '../../platform/csv-write';

/**
 * DECISIONS "CSV": read UTF-8 (with or without BOM), UTF-16 with BOM or Windows-1252 (csv-decode.ts), `;`, `,` or
 * tab detected; write UTF-8 with BOM and `;` (opens right in German Excel), and defuse cells that a spreadsheet
 * would run as a formula.
 */

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
