import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { readXlsx } from '../../test/xlsx';
import { writeTable, type TableExport, type TableFormat } from './table-export';

// Issue 31 point 3: the one export writer, read back as Excel would read it (exceljs) and as a CSV reader would.

interface Row {
  name: string;
  born: string | null;
  at: string | null;
  score: number | null;
  done: boolean;
  n: number;
}

const ROWS: Row[] = [
  { name: 'Jörg Müßig-Ärøskøbing', born: '1980-02-29', at: '2026-11-30T14:05:00.000Z', score: 85.5, done: true, n: 3 },
  { name: 'Françoise Éluard', born: null, at: null, score: null, done: false, n: 0 },
  { name: '=HYPERLINK("http://evil.test")', born: '2001-01-01', at: null, score: 0, done: false, n: -1 },
  { name: '+1', born: null, at: null, score: 100, done: true, n: 1 },
  { name: '-2', born: null, at: null, score: 100, done: true, n: 1 },
  { name: '@SUM(A1)', born: null, at: null, score: 100, done: true, n: 1 },
];

const table = (rows: readonly Row[] = ROWS, locale = 'de-DE'): TableExport<Row> => ({
  columns: [
    { header: 'Name', type: 'text', value: (r) => r.name },
    { header: 'Geburtstag', type: 'date', value: (r) => r.born },
    { header: 'Abgeschlossen am', type: 'datetime', value: (r) => r.at },
    { header: 'Punktzahl', type: 'percent', value: (r) => r.score },
    { header: 'Bestanden', type: 'boolean', value: (r) => r.done },
    { header: 'Anzahl', type: 'number', value: (r) => r.n },
  ],
  // Two batches, as pages from the database come.
  rows: (async function* () {
    yield await Promise.resolve(rows.slice(0, 2));
    yield rows.slice(2);
  })(),
  sheetName: 'Teilnehmende: Ü/ß',
  locale,
});

async function written(format: TableFormat, t: TableExport<Row>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => out.on('end', resolve));
  await writeTable(format, t, out);
  await ended;
  return Buffer.concat(chunks);
}

describe('table export', () => {
  it('writes XLSX with a header row, typed cells (dates are dates, numbers numbers), frozen header and auto-filter', async () => {
    const wb = await readXlsx(await written('xlsx', table()));
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('Teilnehmende  Ü ß');
    expect(ws.getRow(1).values).toEqual([
      undefined,
      'Name',
      'Geburtstag',
      'Abgeschlossen am',
      'Punktzahl',
      'Bestanden',
      'Anzahl',
    ]);
    expect(ws.getRow(1).font?.bold).toBe(true);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.autoFilter).toBeTruthy();
    expect(JSON.stringify(ws.autoFilter)).toMatch(/A1/);
    expect(ws.rowCount).toBe(1 + ROWS.length);

    const first = ws.getRow(2);
    expect(first.getCell(1).value).toBe('Jörg Müßig-Ärøskøbing');
    expect(first.getCell(1).type).toBe(ExcelJS.ValueType.String);
    const born = first.getCell(2);
    expect(born.type).toBe(ExcelJS.ValueType.Date);
    expect(born.value).toBeInstanceOf(Date);
    expect((born.value as Date).toISOString()).toBe('1980-02-29T00:00:00.000Z');
    expect(born.numFmt).toBe('yyyy-mm-dd');
    const at = first.getCell(3);
    expect(at.value).toBeInstanceOf(Date);
    expect((at.value as Date).toISOString()).toBe('2026-11-30T14:05:00.000Z');
    expect(first.getCell(4).type).toBe(ExcelJS.ValueType.Number);
    expect(first.getCell(4).value).toBeCloseTo(0.855);
    expect(first.getCell(4).numFmt).toBe('0%');
    expect(first.getCell(5).value).toBe('ja');
    expect(first.getCell(6).value).toBe(3);
    expect(first.getCell(6).type).toBe(ExcelJS.ValueType.Number);

    // Empty values are empty cells, not "null" text.
    const second = ws.getRow(3);
    expect(second.getCell(1).value).toBe('Françoise Éluard');
    expect(second.getCell(2).type).toBe(ExcelJS.ValueType.Null);
    expect(second.getCell(4).type).toBe(ExcelJS.ValueType.Null);
    expect(second.getCell(5).value).toBe('nein');
  });

  it('writes a text that starts like a formula as a string cell in XLSX, never as a formula', async () => {
    const wb = await readXlsx(await written('xlsx', table()));
    const ws = wb.worksheets[0]!;
    for (const [row, text] of [
      [4, '=HYPERLINK("http://evil.test")'],
      [5, '+1'],
      [6, '-2'],
      [7, '@SUM(A1)'],
    ] as const) {
      const cell = ws.getRow(row).getCell(1);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.value).toBe(text);
      expect(cell.formula).toBeUndefined();
    }
  });

  it('writes CSV in UTF-8 with BOM and ";", umlauts whole, formulas defused, decimal comma in German', async () => {
    const bytes = await written('csv', table());
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = bytes.toString('utf8');
    for (const letter of ['ö', 'ü', 'ß', 'Ä', 'ø', 'ç', 'É']) expect(text).toContain(letter);
    expect(text.split('\r\n')[0]).toBe('\uFEFFName;Geburtstag;Abgeschlossen am;Punktzahl;Bestanden;Anzahl');
    const rows = Papa.parse<string[]>(text.slice(1), { delimiter: ';', skipEmptyLines: true }).data;
    expect(rows[1]).toEqual(['Jörg Müßig-Ärøskøbing', '1980-02-29', '2026-11-30 14:05:00', '85,5', 'ja', '3']);
    expect(rows[2]).toEqual(['Françoise Éluard', '', '', '', 'nein', '0']);
    expect(rows.slice(3).map((r) => r[0])).toEqual(['\'=HYPERLINK("http://evil.test")', "'+1", "'-2", "'@SUM(A1)"]);
  });

  it('writes the CSV numbers with a decimal point and English words for an English reader', async () => {
    const text = (await written('csv', table(ROWS.slice(0, 1), 'en-US'))).toString('utf8');
    const rows = Papa.parse<string[]>(text.slice(1), { delimiter: ';', skipEmptyLines: true }).data;
    expect(rows[1]?.slice(3, 5)).toEqual(['85.5', 'yes']);
  });

  it('reads the umlauts back from a CSV of German and French names (ä ö ü ß é)', async () => {
    const names = ['Bärbel Höß', 'Jürgen Öztürk', 'Ümit Straße', 'Renée Lefèvre'];
    const rows = names.map((name) => ({ ...ROWS[1]!, name }));
    const text = (await written('csv', table(rows))).toString('utf8');
    const parsed = Papa.parse<string[]>(text.slice(1), { delimiter: ';', skipEmptyLines: true }).data;
    expect(parsed.slice(1).map((r) => r[0])).toEqual(names);
    for (const letter of ['ä', 'ö', 'ü', 'ß', 'é']) expect(text).toContain(letter);
  });
});
