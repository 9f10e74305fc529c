import { lstatSync, readFileSync, readdirSync, readlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateRawSync, constants as zlibConstants } from 'node:zlib';
import { ZipFile } from 'yazl';

// Test helper: a raw zip writer for archives no honest tool would produce (traversal names, symlink modes, lying
// sizes, 100,000 entries) and zipFolder (yazl) for real folders. Test-only; never imported by the app. The server
// tests and the browser tests (e2e/content-helpers.ts) both zip through it.

/** The SCORM packages the tests read, kept in the repository: test-fixtures/scorm (see its README.md). */
export const SCORM_FIXTURES = path.resolve(import.meta.dirname, '../../../../../test-fixtures/scorm');

export type RawZipEntry = {
  name: string;
  /** Content for stored or deflated entries; ignored when `deflated` is given. */
  data?: Buffer;
  method?: 'store' | 'deflate';
  /** Pre-built raw deflate stream, with its true size and CRC, for members too large to build from `data`. */
  deflated?: { stream: Buffer; uncompressedSize: number; crc32: number };
  /**
   * Overrides the sizes written to the headers, to make a zip lie about its content: the uncompressed size of a
   * deflated entry, or both sizes of a stored one (which must match for the zip to be readable at all).
   */
  declaredSize?: number;
  /** Unix st_mode for the high 16 bits of the external attributes; 0o100644 when absent. */
  unixMode?: number;
};

const DOS_TIME = 0;
const DOS_DATE = ((2024 - 1980) << 9) | (1 << 5) | 1;
const FLAG_UTF8 = 0x800;

type Prepared = { name: Buffer; method: number; crc: number; csize: number; usize: number; body: Buffer; mode: number };

function prepare(entry: RawZipEntry): Prepared {
  const name = Buffer.from(entry.name, 'utf8');
  const mode = entry.unixMode ?? (entry.name.endsWith('/') ? 0o040755 : 0o100644);
  if (entry.deflated) {
    const { stream, uncompressedSize, crc32: crc } = entry.deflated;
    return { name, method: 8, crc, csize: stream.length, usize: uncompressedSize, body: stream, mode };
  }
  const data = entry.data ?? Buffer.alloc(0);
  const body = entry.method === 'deflate' ? deflateRawSync(data) : data;
  const method = entry.method === 'deflate' ? 8 : 0;
  const usize = entry.declaredSize ?? data.length;
  const csize = method === 0 ? usize : body.length;
  return { name, method, crc: crc32(data), csize, usize, body, mode };
}

/**
 * The fields the local and the central header share, in the same order (APPNOTE 4.3.7 and 4.3.12): version
 * needed, flags, method, time, date, CRC, both sizes and the name's length.
 */
function writeEntryFields(header: Buffer, at: number, p: Prepared): void {
  header.writeUInt16LE(20, at);
  header.writeUInt16LE(FLAG_UTF8, at + 2);
  header.writeUInt16LE(p.method, at + 4);
  header.writeUInt16LE(DOS_TIME, at + 6);
  header.writeUInt16LE(DOS_DATE, at + 8);
  header.writeUInt32LE(p.crc >>> 0, at + 10);
  header.writeUInt32LE(p.csize, at + 14);
  header.writeUInt32LE(p.usize, at + 18);
  header.writeUInt16LE(p.name.length, at + 22);
}

/** Builds a zip in memory; writes the zip64 end records when there are more than 65,535 entries. */
export function buildZip(entries: readonly RawZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const p = prepare(entry);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeEntryFields(local, 4, p);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 30, 4); // made by Unix, so the mode bits mean something
    writeEntryFields(central, 6, p);
    central.writeUInt32LE(((p.mode & 0xffff) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, p.name, p.body);
    centrals.push(central, p.name);
    offset += local.length + p.name.length + p.body.length;
  }
  const cd = Buffer.concat(centrals);
  const tail: Buffer[] = [];
  const count = entries.length;
  const needsZip64 = count >= 0xffff;
  if (needsZip64) {
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeUInt16LE(45, 12);
    record.writeUInt16LE(45, 14);
    record.writeBigUInt64LE(BigInt(count), 24);
    record.writeBigUInt64LE(BigInt(count), 32);
    record.writeBigUInt64LE(BigInt(cd.length), 40);
    record.writeBigUInt64LE(BigInt(offset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(offset + cd.length), 8);
    locator.writeUInt32LE(1, 16);
    tail.push(record, locator);
  }
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(needsZip64 ? 0xffff : count, 8);
  eocd.writeUInt16LE(needsZip64 ? 0xffff : count, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, ...tail, eocd]);
}

/**
 * A raw deflate stream of `mebibytes` MiB of zeros, built from one compressed MiB repeated: each copy is
 * sync-flushed (byte-aligned, not final) and only refers back into itself, so the copies chain into one valid stream.
 */
export function deflatedZeros(mebibytes: number): RawZipEntry['deflated'] {
  const mib = Buffer.alloc(1024 * 1024);
  const block = deflateRawSync(mib, { level: 9, finishFlush: zlibConstants.Z_SYNC_FLUSH });
  const end = deflateRawSync(Buffer.alloc(0)); // an empty final block
  let crc = 0;
  for (let i = 0; i < mebibytes; i += 1) crc = crc32(mib, crc);
  const stream = Buffer.concat([...Array.from({ length: mebibytes }, () => block), end]);
  return { stream, uncompressedSize: mebibytes * mib.length, crc32: crc };
}

/** One fixed time for every entry, so the same folder always gives the same bytes. */
const ZIP_MTIME = new Date('2024-01-01T00:00:00Z');

/**
 * Zips a folder's contents in JavaScript (yazl), as `zip -r -X -y` would: folders get their own entries, and a
 * symlink is stored as a link (Unix mode 0o120777, its target as content) rather than followed. Answers the zip's
 * bytes and writes them to `zipPath` when one is given.
 */
export async function zipFolder(folder: string, zipPath?: string): Promise<Buffer> {
  const zip = new ZipFile();
  const walk = (rel: string): void => {
    for (const name of readdirSync(path.join(folder, rel)).sort()) {
      const entry = rel ? `${rel}/${name}` : name;
      const full = path.join(folder, entry);
      const stat = lstatSync(full);
      if (stat.isSymbolicLink()) {
        zip.addBuffer(Buffer.from(readlinkSync(full)), entry, { mtime: ZIP_MTIME, mode: 0o120777, compress: false });
      } else if (stat.isDirectory()) {
        zip.addEmptyDirectory(entry, { mtime: ZIP_MTIME, mode: 0o040755 });
        walk(entry);
      } else {
        zip.addBuffer(readFileSync(full), entry, { mtime: ZIP_MTIME, mode: 0o100644 });
      }
    }
  };
  walk('');
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  if (zipPath) writeFileSync(zipPath, bytes);
  return bytes;
}
