/**
 * Windows-1252 as the WHATWG Encoding Standard defines it (what Excel, Word and Notepad on a German, French or
 * English Windows write): ISO-8859-1, except that 0x80-0x9F hold € ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž Ÿ.
 * The five bytes Windows-1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) stay the C1 control characters.
 *
 * Hand-written on purpose: Node's own `new TextDecoder('windows-1252')` decodes ISO-8859-1 since 20.18.3 and 22.13
 * (nodejs/node#60888: 0x80 gives U+0080 instead of €, 0x92 gives U+0092 instead of ’), and iconv-lite is no
 * dependency of ours (only of mailparser). The table is fixed by the standard; windows-1252.test.ts pins it.
 */
const HIGH_HALF =
  '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
  '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';

export function decodeWindows1252(bytes: Uint8Array): string {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return latin1.replace(/[\u0080-\u009F]/g, (c) => HIGH_HALF.charAt(c.charCodeAt(0) - 0x80));
}
