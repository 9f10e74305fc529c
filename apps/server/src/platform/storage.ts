import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { newId } from './ids';

// Uploaded files live under DATA_DIR/files (ARCHITECTURE section 1); uploads in flight under DATA_DIR/tmp. Callers
// name a file by a storage key made of safe segments, never by a path from a request, so no key can leave the root.

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

export class StorageKeyError extends Error {}

/** A key such as `<clientId>/modules/<moduleId>/<packageId>`: every segment plain, no dots-only, no separators. */
export function storageKey(...segments: string[]): string {
  for (const s of segments) {
    if (!SEGMENT.test(s) || s.includes('..')) throw new StorageKeyError(`unsafe storage key segment: ${s}`);
  }
  return segments.join('/');
}

export const filesRoot = (dataDir: string): string => path.join(path.resolve(dataDir), 'files');

/** The absolute path of a key, checked once more to lie inside DATA_DIR/files. */
export function storagePath(dataDir: string, key: string): string {
  const root = filesRoot(dataDir);
  const full = path.resolve(root, ...storageKey(...key.split('/')).split('/'));
  if (!full.startsWith(root + path.sep)) throw new StorageKeyError(`storage key escapes the root: ${key}`);
  return full;
}

export class UploadTooLargeError extends Error {}
/** The upload stream stopped before its end: the body was cut short, or the client went away. */
export class UploadIncompleteError extends Error {}

/**
 * Streams an upload into a fresh file under DATA_DIR/tmp and answers its path and size. Stops, deletes the part
 * written and throws UploadTooLargeError as soon as more than maxBytes arrive.
 */
export async function saveUploadToTemp(
  dataDir: string,
  stream: Readable,
  maxBytes: number,
): Promise<{ path: string; size: number }> {
  const dir = path.join(path.resolve(dataDir), 'tmp', 'uploads');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, newId());
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, callback) {
      size += chunk.length;
      if (size > maxBytes) callback(new UploadTooLargeError(`upload exceeds ${maxBytes} bytes`));
      else callback(null, chunk);
    },
  });
  // A part the parser gave up on (its body was cut short) is destroyed and never ends: piping it would wait forever.
  if (stream.destroyed && !stream.readableEnded) throw new UploadIncompleteError('upload stream closed early');
  let streamError: unknown;
  stream.once('error', (err) => (streamError = err));
  try {
    await pipeline(stream, counter, createWriteStream(file, { flags: 'wx' }));
  } catch (err) {
    await rm(file, { force: true });
    if (err instanceof UploadTooLargeError) throw err;
    if (streamError !== undefined || (err as { code?: unknown }).code === 'ERR_STREAM_PREMATURE_CLOSE')
      throw new UploadIncompleteError('upload stream failed', { cause: err });
    throw err;
  }
  return { path: file, size };
}

/** Moves a finished temp file (or folder) to its key; the parent folders are created. */
export async function moveIntoStorage(dataDir: string, from: string, key: string): Promise<string> {
  const target = storagePath(dataDir, key);
  await mkdir(path.dirname(target), { recursive: true });
  await rename(from, target);
  return target;
}

/** Removes a key (file or folder); a missing one is fine, so cleanup can run twice. */
export async function removeFromStorage(dataDir: string, key: string): Promise<void> {
  await rm(storagePath(dataDir, key), { recursive: true, force: true });
}

export const removeTemp = (file: string): Promise<void> => rm(file, { recursive: true, force: true });

/**
 * Writes bytes a feature made (a generated PDF) under a key: into DATA_DIR/tmp first, then renamed into place, so a
 * reader sees the old file or the whole new one, never a part. Answers the size written.
 */
export async function writeToStorage(dataDir: string, key: string, bytes: Uint8Array): Promise<number> {
  const dir = path.join(path.resolve(dataDir), 'tmp', 'uploads');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, newId());
  try {
    await writeFile(file, bytes, { flag: 'wx' });
    await moveIntoStorage(dataDir, file, key);
  } catch (err) {
    await rm(file, { force: true });
    throw err;
  }
  return bytes.byteLength;
}

/** A stored file as a stream with its size, for an answer; undefined when the key holds no file. */
export async function openFromStorage(
  dataDir: string,
  key: string,
): Promise<{ stream: Readable; size: number } | undefined> {
  const handle = await open(storagePath(dataDir, key), 'r').catch(() => undefined);
  if (!handle) return undefined;
  const info = await handle.stat();
  if (!info.isFile()) {
    await handle.close();
    return undefined;
  }
  return { stream: handle.createReadStream(), size: info.size };
}

/**
 * A stored file's bytes, for the few readers that need the whole file at once (a PDF library reading a
 * background). Files larger than maxBytes are refused, so memory stays bounded; undefined when there is none.
 */
export async function readFromStorage(dataDir: string, key: string, maxBytes: number): Promise<Buffer | undefined> {
  const size = await storedSize(dataDir, key);
  if (size === undefined) return undefined;
  if (size > maxBytes) throw new UploadTooLargeError(`stored file exceeds ${maxBytes} bytes`);
  return readFile(storagePath(dataDir, key));
}

export async function storedSize(dataDir: string, key: string): Promise<number | undefined> {
  const info = await stat(storagePath(dataDir, key)).catch(() => undefined);
  return info?.isFile() ? info.size : undefined;
}

export type SniffedType = 'zip' | 'pdf' | 'png' | 'jpeg' | 'webp' | 'gif';

export const MIME_OF: Record<SniffedType, string> = {
  zip: 'application/zip',
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

/** Spec section 5: uploads are judged by their content (magic bytes), never by name or declared type. */
export function sniffFileType(head: Buffer): SniffedType | undefined {
  const starts = (bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
  // Local file header, or the end record of an empty archive.
  if (starts([0x50, 0x4b, 0x03, 0x04]) || starts([0x50, 0x4b, 0x05, 0x06])) return 'zip';
  // "%PDF-"; readers accept it within the first kilobyte, but every writer puts it first.
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  if (starts([0x47, 0x49, 0x46, 0x38])) return 'gif';
  return undefined;
}

export async function sniffFile(file: string): Promise<SniffedType | undefined> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(16);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return sniffFileType(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
