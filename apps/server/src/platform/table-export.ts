import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { BOM, csvLine } from './csv-write';

// The one export writer (issue 31 point 3): a table of typed columns and rows from an async source, written as XLSX
// (exceljs's streaming WorkbookWriter: typed cells, real dates, a bold header row, the header frozen, an auto-filter)
// or as CSV (platform/csv-write.ts: UTF-8 with BOM and `;`, which German Excel opens right). Rows arrive in batches
// (a page read from the database at a time) and leave as they come, so an export of 100,000 rows holds one batch in
// memory, not the file (bench scenario `export-xlsx`). Every export of the app goes through this module.

export const TABLE_FORMATS = ['xlsx', 'csv'] as const;
export type TableFormat = (typeof TABLE_FORMATS)[number];

/**
 * What a column holds. `date` is a calendar day (`YYYY-MM-DD` or an ISO timestamp, its UTC day), `datetime` an ISO
 * timestamp (shown in UTC), `percent` a number 0 to 100. XLSX cells get the type (a date cell is a date, a number a
 * number); CSV writes dates as ISO text and numbers with the locale's decimal mark.
 */
export type ColumnType = 'text' | 'number' | 'percent' | 'date' | 'datetime' | 'boolean';

export type CellValue = string | number | boolean | Date | null | undefined;

export interface TableColumn<R> {
  header: string;
  type: ColumnType;
  value: (row: R) => CellValue;
  /** Width in characters in XLSX; a default by type otherwise. */
  width?: number;
}

/** Batches of rows (a page at a time) or single rows, as an async iterable: a generator that reads pages. */
export type RowSource<R> = AsyncIterable<readonly R[]> | Iterable<readonly R[]>;

export interface TableExport<R> {
  columns: ReadonlyArray<TableColumn<R>>;
  rows: RowSource<R>;
  /** The XLSX sheet's name (at most 31 characters; the characters Excel refuses are replaced). */
  sheetName?: string;
  /** The locale of the reader: decides CSV's decimal mark (de and fr: comma) and the booleans' words. */
  locale?: string;
  /** Words for true and false; default "ja"/"nein", "yes"/"no", "oui"/"non" by locale. */
  booleans?: readonly [string, string];
}

const BOOLEANS: Record<string, readonly [string, string]> = {
  de: ['ja', 'nein'],
  en: ['yes', 'no'],
  fr: ['oui', 'non'],
};

const langOf = (locale: string | undefined) => (locale ?? 'de-DE').slice(0, 2);
const booleansOf = (t: Pick<TableExport<unknown>, 'booleans' | 'locale'>) =>
  t.booleans ?? BOOLEANS[langOf(t.locale)] ?? BOOLEANS.en!;

/** An ISO text or a Date as a Date; null for anything that is not a valid time. */
function toDate(value: CellValue): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d =
    value instanceof Date
      ? value
      : new Date(typeof value === 'string' && value.length === 10 ? `${value}T00:00:00Z` : String(value));
  return Number.isNaN(d.getTime()) ? null : d;
}

const toNumber = (value: CellValue): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
};

/** A cell as CSV text (the formula guard is csv-write's). */
function csvValue(type: ColumnType, value: CellValue, decimalComma: boolean, words: readonly [string, string]) {
  switch (type) {
    case 'number':
    case 'percent': {
      const n = toNumber(value);
      if (n === null) return null;
      const s = String(Math.round(n * 100) / 100);
      return decimalComma ? s.replace('.', ',') : s;
    }
    case 'date':
      return toDate(value)?.toISOString().slice(0, 10) ?? null;
    case 'datetime':
      return toDate(value)?.toISOString().slice(0, 19).replace('T', ' ') ?? null;
    case 'boolean':
      return value === null || value === undefined ? null : value ? words[0] : words[1];
    case 'text':
      return value === null || value === undefined ? null : value instanceof Date ? value.toISOString() : String(value);
  }
}

/** A cell's XLSX value: the typed value exceljs writes; a text is always a string cell, never a formula. */
function xlsxValue(type: ColumnType, value: CellValue, words: readonly [string, string]): ExcelJS.CellValue {
  switch (type) {
    case 'number':
      return toNumber(value);
    case 'percent': {
      const n = toNumber(value);
      return n === null ? null : n / 100;
    }
    case 'date':
    case 'datetime':
      return toDate(value);
    case 'boolean':
      return value === null || value === undefined ? null : value ? words[0] : words[1];
    case 'text':
      return value === null || value === undefined ? null : value instanceof Date ? value.toISOString() : String(value);
  }
}

const NUM_FMT: Partial<Record<ColumnType, string>> = {
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm',
  percent: '0%',
};
const WIDTH: Record<ColumnType, number> = { text: 24, number: 10, percent: 10, date: 12, datetime: 17, boolean: 8 };

/** Excel refuses `\ / ? * [ ] :` in a sheet name and more than 31 characters. */
const sheetNameOf = (name: string | undefined) =>
  (name ?? 'Export').replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Export';

async function* batchesOf<R>(rows: RowSource<R>): AsyncGenerator<readonly R[]> {
  for await (const batch of rows as AsyncIterable<readonly R[]>) yield batch;
}

/** Waits while the reader is behind, so that a slow download holds the writer back instead of filling memory. */
async function drained(out: Writable): Promise<void> {
  if (out.writableNeedDrain && !out.destroyed) await once(out, 'drain');
}

async function writeCsv<R>(table: TableExport<R>, out: Writable): Promise<void> {
  const decimalComma = langOf(table.locale) !== 'en';
  const words = booleansOf(table);
  out.write(BOM + csvLine(table.columns.map((c) => c.header)));
  for await (const batch of batchesOf(table.rows)) {
    let chunk = '';
    for (const row of batch)
      chunk += csvLine(table.columns.map((c) => csvValue(c.type, c.value(row), decimalComma, words)));
    if (chunk) out.write(chunk);
    await drained(out);
  }
  out.end();
}

/** How much sheet XML may wait for the zip before the writer pauses (it deflates to a few percent of that). */
const ZIP_BACKLOG_BYTES = 1024 * 1024;

type Buffered = { _writableState?: { length?: number }; _readableState?: { length?: number } };
const backlogOf = (input: Buffered) => (input._writableState?.length ?? 0) + (input._readableState?.length ?? 0);

/**
 * exceljs's sheet stream hands its XML to the zip's input without waiting (it ignores write()'s answer), and the zip
 * deflates on the thread pool, between turns of the event loop. Written in one go (better-sqlite3 reads are
 * synchronous, so a page read gives the loop no turn), the whole sheet piled up in the zip's input before a byte
 * left: +174 MB at 100,000 rows. So after each batch the writer gives the loop turns until the zip's input is down
 * to ZIP_BACKLOG_BYTES, then waits for the reader (the sheet stream's `pipes` are the zip's input streams; exceljs
 * 4.4, lib/utils/stream-buf.js, archiver 5 with readable-stream 3, whose state is read here).
 */
async function zipDrained(ws: ExcelJS.Worksheet, out: Writable): Promise<void> {
  const inputs = (ws as unknown as { stream?: { pipes?: Buffered[] } }).stream?.pipes ?? [];
  while (!out.destroyed && inputs.reduce((n, input) => n + backlogOf(input), 0) > ZIP_BACKLOG_BYTES)
    await new Promise((resolve) => setTimeout(resolve, 1));
  await drained(out);
}

async function writeXlsx<R>(table: TableExport<R>, out: Writable): Promise<void> {
  const words = booleansOf(table);
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(sheetNameOf(table.sheetName), { views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }] });
  const columns = table.columns;
  ws.columns = columns.map((c, i) => ({ key: `c${i}`, width: c.width ?? WIDTH[c.type] }));
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: Math.max(1, columns.length) } };
  const header = ws.addRow(columns.map((c) => c.header));
  header.font = { bold: true };
  header.commit();
  for await (const batch of batchesOf(table.rows)) {
    for (const r of batch) {
      const row = ws.addRow(columns.map((c) => xlsxValue(c.type, c.value(r), words)));
      columns.forEach((c, i) => {
        const fmt = NUM_FMT[c.type];
        if (fmt) row.getCell(i + 1).numFmt = fmt;
      });
      row.commit();
    }
    await zipDrained(ws, out);
  }
  ws.commit();
  await wb.commit();
}

/** Writes the table to `out` in the format and ends it. */
export async function writeTable<R>(format: TableFormat, table: TableExport<R>, out: Writable): Promise<void> {
  if (format === 'csv') await writeCsv(table, out);
  else await writeXlsx(table, out);
}

export const CONTENT_TYPES: Record<TableFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The file name with its extension, safe for the header (ASCII letters, digits, `-`, `_`, `.`). */
export const exportFileName = (base: string, format: TableFormat) =>
  `${base.replace(/[^A-Za-z0-9._-]+/g, '-')}.${format}`;

/**
 * Answers the table as a download, streamed: the first bytes leave before the last rows are read. An error after
 * the headers went out can no longer answer 500; it is logged and the download breaks off (the reader sees an
 * incomplete file, never a partial one that looks whole: a cut XLSX does not open, a cut CSV lacks its end).
 */
export function sendTable<R>(reply: FastifyReply, format: TableFormat, fileBase: string, table: TableExport<R>) {
  const out = new PassThrough();
  writeTable(format, table, out).catch((err: unknown) => {
    reply.log.error({ err }, 'table export failed');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return reply
    .header('content-type', CONTENT_TYPES[format])
    .header('content-disposition', `attachment; filename="${exportFileName(fileBase, format)}"`)
    .header('cache-control', 'no-store')
    .send(out);
}

/** Pages of rows, read one after another until a short page: `readPage(after)` answers the rows after the last. */
export async function* pagesOf<R>(
  readPage: (last: R | undefined) => Promise<readonly R[]>,
  pageSize: number,
): AsyncGenerator<readonly R[]> {
  let last: R | undefined;
  for (;;) {
    const page = await readPage(last);
    if (page.length > 0) yield page;
    if (page.length < pageSize) return;
    last = page[page.length - 1];
  }
}
