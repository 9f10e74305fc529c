import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { decodeCsv } from './csv-decode';

const CP1252 = new Map([...'€‚„“’–'].map((c, i) => [c, [0x80, 0x82, 0x84, 0x93, 0x92, 0x96][i] ?? 0]));
const cp1252 = (text: string): Buffer => Buffer.from([...text].map((c) => CP1252.get(c) ?? c.charCodeAt(0)));
const refusal = (bytes: Buffer) => {
  try {
    decodeCsv(bytes);
  } catch (err) {
    if (err instanceof AppError) return { status: err.statusCode, code: err.code, details: err.details };
    throw err;
  }
  throw new Error('decoded');
};

describe('decodeCsv: UTF-8, UTF-16 with BOM or Windows-1252, and nothing else', () => {
  const text = 'Vorname;Nachname;Straße\r\nGisela;Müller-Weiß;Hauptstraße 1\r\nSeán;O’Brien;Rue de l’Été\r\n';

  it('reads UTF-8 with and without BOM', () => {
    expect(decodeCsv(Buffer.from(text))).toBe(text);
    expect(decodeCsv(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]))).toBe(text);
  });

  it('reads Windows-1252, also the bytes where it differs from ISO-8859-1 (’ „ “ € –)', () => {
    const odd = `${text}„Zitat“;5 €;A–B\r\n`;
    expect(decodeCsv(cp1252(odd))).toBe(odd);
  });

  it('reads UTF-16LE and UTF-16BE with BOM (Excel "Unicode text")', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const be = Buffer.from(le).swap16();
    expect(decodeCsv(le)).toBe(text);
    expect(decodeCsv(be)).toBe(text);
  });

  it('refuses bytes Windows-1252 leaves undefined, naming the line', () => {
    const bytes = cp1252('a;b\r\nc;d\r\ne;f\r\nM\u0081ller;x\r\n');
    expect(refusal(bytes)).toEqual({ status: 400, code: 'csv_encoding', details: { line: 4 } });
  });

  it('refuses UTF-16 without BOM and binary files (NUL) at their first line', () => {
    expect(refusal(Buffer.from('a;b\r\nc;d\r\n', 'utf16le'))).toMatchObject({
      code: 'csv_encoding',
      details: { line: 1 },
    });
    expect(refusal(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]))).toMatchObject({ details: { line: 1 } });
  });

  it('refuses a file whose lines mix UTF-8 and Windows-1252, naming the first line that is not UTF-8', () => {
    const bytes = Buffer.concat([Buffer.from('a;b\nMüller;Weiß\n'), cp1252('Jörg;Groß\n')]);
    expect(refusal(bytes)).toMatchObject({ code: 'csv_encoding', details: { line: 3 } });
  });

  it('refuses a UTF-8 file with BOM that is not UTF-8 after it, and text garbled before (U+FFFD, C1 controls)', () => {
    const marked = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), cp1252('a;b\nJörg;Groß\n')]);
    expect(refusal(marked)).toMatchObject({ details: { line: 2 } });
    expect(refusal(Buffer.from('a;b\nc;d\nM\uFFFDller;x\n'))).toMatchObject({ details: { line: 3 } });
    expect(refusal(Buffer.from('a;b\nGro\u00C3\u009F;x\n'))).toMatchObject({ details: { line: 2 } });
  });

  it('composes letters written with a combining mark (macOS: u + U+0308) into one (NFC)', () => {
    expect(decodeCsv(Buffer.from('name\nMu\u0308ller-Wei\u00df\n', 'utf8'))).toBe('name\nM\u00fcller-Wei\u00df\n');
  });

  it('counts lines ended by CRLF, LF or a lone CR alike', () => {
    expect(refusal(cp1252('a\rb\r\nc\nd\x81\n'))).toMatchObject({ details: { line: 4 } });
    expect(refusal(Buffer.from('a\rb\r\nc\nd\u0007\n'))).toMatchObject({ details: { line: 4 } });
  });

  it('keeps tabs, CR and LF', () => {
    expect(decodeCsv(Buffer.from('a\tb\r\n"c\nd"\te\r\n'))).toBe('a\tb\r\n"c\nd"\te\r\n');
  });
});
