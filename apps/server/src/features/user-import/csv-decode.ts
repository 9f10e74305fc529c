import { isAscii, isUtf8 } from 'node:buffer';
import { badRequest } from '../../platform/errors';
import { decodeWindows1252 } from '../../platform/windows-1252';

/**
 * The one decoding of an uploaded CSV file (issue 28 point 9), on the whole file at once: the upload is read into
 * one buffer (at most USER_IMPORT_MAX_BYTES) before this runs, so no multibyte sequence is ever split between
 * chunks. The decoded text is what the import keeps; the preview, the run and the report all parse that text.
 *
 * - A byte-order mark names the encoding: UTF-8, or UTF-16LE/BE (Excel's "Unicode text", tab-separated).
 * - Without one, a file that is valid UTF-8 is UTF-8 ("CSV UTF-8" without BOM, LibreOffice, scripts).
 * - Otherwise it is Windows-1252, what German, French and English Excel save as "CSV (Trennzeichen-getrennt)" /
 *   "CSV (séparateur : point-virgule)" / "CSV (Comma delimited)".
 * - It is neither, and nothing is imported, when the decoded text holds a control character other than tab, CR and
 *   LF (NUL from UTF-16 without BOM or a binary file; C1 controls from the bytes Windows-1252 leaves undefined or
 *   from text that was mis-decoded before), U+FFFD (a file some tool already garbled), or when some lines are
 *   UTF-8 and others are not (rows appended in another encoding: either reading would garble some names).
 *
 * The answer names the first line (1 = the header line, as a text editor and Excel count them) that is wrong.
 * Hand-written: encoding sniffers (chardet, jschardet) guess among dozens of encodings from statistics and would
 * answer "neither" never; this check is small, strict and decides between exactly the encodings Excel writes.
 */
export function decodeCsv(bytes: Buffer): string {
  const text = decodeByMark(bytes) ?? decodeUnmarked(bytes);
  const bad = NOT_TEXT.exec(text);
  if (bad) refuse(lineAt(text, bad.index));
  // macOS tools may write an umlaut as a letter and a combining mark (u + U+0308): composed (NFC), the name compares,
  // sorts and searches like the same name typed in the app.
  return text.normalize('NFC');
}

/** Control characters but tab, LF and CR; DEL and the C1 controls; U+FFFD, the mark of an earlier bad decoding. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NOT_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFD]/;

const refuse = (line: number): never => badRequest('csv_encoding', { line });

/** The text of a file that starts with a byte-order mark (which the decoder drops); undefined without one. */
function decodeByMark(bytes: Buffer): string | undefined {
  const encoding =
    bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf
      ? 'utf-8'
      : bytes[0] === 0xff && bytes[1] === 0xfe
        ? 'utf-16le'
        : bytes[0] === 0xfe && bytes[1] === 0xff
          ? 'utf-16be'
          : undefined;
  // Not fatal: a broken sequence becomes U+FFFD, which NOT_TEXT finds and names the line of.
  return encoding && new TextDecoder(encoding).decode(bytes);
}

function decodeUnmarked(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const mixed = firstNonUtf8LineOfMixedFile(bytes);
    if (mixed !== undefined) refuse(mixed);
    return decodeWindows1252(bytes);
  }
}

/**
 * In a file that is not UTF-8 as a whole: the first line that is not UTF-8, if another line has non-ASCII text that
 * is valid UTF-8. Real Windows-1252 text with umlauts or accents is never valid UTF-8 (an umlaut byte followed by
 * an ASCII letter is an invalid sequence), so such a line was written in UTF-8.
 */
function firstNonUtf8LineOfMixedFile(bytes: Buffer): number | undefined {
  let firstBad: number | undefined;
  let utf8Lines = 0;
  let line = 1;
  let start = 0;
  for (let i = 0; i <= bytes.length; i++) {
    const b = bytes[i];
    if (i < bytes.length && b !== 0x0a && b !== 0x0d) continue;
    const part = bytes.subarray(start, i);
    if (!isAscii(part)) {
      if (isUtf8(part)) utf8Lines += 1;
      else firstBad ??= line;
    }
    if (b === 0x0d && bytes[i + 1] === 0x0a) i += 1;
    start = i + 1;
    line += 1;
  }
  return utf8Lines > 0 ? firstBad : undefined;
}

/** The 1-based line of a position in the text; CRLF, LF and a lone CR (old Mac files) each end a line. */
function lineAt(text: string, index: number): number {
  return (text.slice(0, index).match(/\r\n|\r|\n/g)?.length ?? 0) + 1;
}
