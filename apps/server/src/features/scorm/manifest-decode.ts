import { decodeWindows1252 } from '../../platform/windows-1252';
import { ScormPackageError } from './package-error';

/** Encoding labels that mean Windows-1252 (the WHATWG Encoding Standard reads ISO-8859-1 and ASCII as it too). */
const WINDOWS_1252_LABELS = new Set([
  'windows-1252',
  'cp1252',
  'x-cp1252',
  'iso-8859-1',
  'iso8859-1',
  'iso_8859-1',
  'latin1',
  'l1',
  'us-ascii',
  'ascii',
]);

const refuse = (encoding: string): never => {
  throw new ScormPackageError(
    'manifest_encoding',
    `imsmanifest.xml is not ${encoding} text, or declares an encoding other than UTF-8, UTF-16 or ISO-8859-1.`,
    'imsmanifest.xml',
  );
};

function strict(encoding: 'utf-8' | 'utf-16le' | 'utf-16be', bytes: Buffer): string {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return refuse(encoding.toUpperCase());
  }
}

/**
 * The text of imsmanifest.xml (XML 1.0 appendix F): a byte-order mark names UTF-16 or UTF-8; otherwise the XML
 * declaration's encoding, UTF-8 when it names none. Decoded strictly: a manifest whose bytes are not in its encoding
 * is refused, not read with U+FFFD for every umlaut of its titles (issue 28, the class of the CSV import's bug).
 */
export function decodeManifest(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return strict('utf-16le', bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return strict('utf-16be', bytes);
  const head = bytes
    .subarray(0, 256)
    .toString('latin1')
    .replace(/^\u00EF\u00BB\u00BF/, '');
  const declared = /^<\?xml\s[^>]*?\bencoding\s*=\s*["']([\w.:-]+)["']/.exec(head)?.[1]?.toLowerCase() ?? 'utf-8';
  if (declared === 'utf-8' || declared === 'utf8') return strict('utf-8', bytes);
  if (WINDOWS_1252_LABELS.has(declared)) return decodeWindows1252(bytes);
  return refuse(declared);
}
