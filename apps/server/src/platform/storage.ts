import { createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { newId } from './ids';
import { StorageKeyError } from './storage/file-store';
import { fileStore, type StorageConfig } from './storage/store-for';

export { StorageKeyError } from './storage/file-store';
export { fileStore, type StorageConfig } from './storage/store-for';

// Kept files live in the configured store (platform/storage/: DATA_DIR/files or an S3 bucket); uploads in flight
// under DATA_DIR/tmp. Callers name a file by a storage key made of safe segments, never by a path from a request,
// and never see where the store keeps it.

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** A key such as `<clientId>/modules/<moduleId>/<packageId>`: every segment plain, no dots-only, no separators. */
export function storageKey(...segments: string[]): string {
  for (const s of segments) {
    if (!SEGMENT.test(s) || s.includes('..')) throw new StorageKeyError(`unsafe storage key segment: ${s}`);
  }
  return segments.join('/');
}

/**
 * Every stored file of a course (its modules' packages, its files) lives under this key, so deleting the course
 * removes them at once. Here, not in a feature: courses, modules and course-files all build on it.
 */
export const courseStorageKey = (clientId: string, courseId: string): string =>
  storageKey(clientId, 'courses', courseId);

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
  const out = createWriteStream(file, { flags: 'wx' });
  try {
    await pipeline(stream, counter, out);
  } catch (err) {
    // A body cut short can fail the pipeline before the file's open has finished: the stream then creates the file
    // on its way to closing, after an rm made at once would have run (a temp file left behind).
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
    await rm(file, { force: true });
    if (err instanceof UploadTooLargeError) throw err;
    if (streamError !== undefined || (err as { code?: unknown }).code === 'ERR_STREAM_PREMATURE_CLOSE')
      throw new UploadIncompleteError('upload stream failed', { cause: err });
    throw err;
  }
  return { path: file, size };
}

/** Moves a finished temp file to its key in the store (the temp file is gone afterwards); answers its size. */
export const moveIntoStorage = (config: StorageConfig, from: string, key: string): Promise<number> =>
  fileStore(config).putFile(storageKey(...key.split('/')), from);

/** Moves a finished temp folder's files under a key (a SCORM package); the folder is gone afterwards. */
export const moveTreeIntoStorage = (config: StorageConfig, from: string, key: string): Promise<void> =>
  fileStore(config).putTree(storageKey(...key.split('/')), from);

/** Removes a key (a file, or everything under it); a missing one is fine, so cleanup can run twice. */
export const removeFromStorage = (config: StorageConfig, key: string): Promise<void> =>
  fileStore(config).remove(storageKey(...key.split('/')));

export const removeTemp = (file: string): Promise<void> => rm(file, { recursive: true, force: true });

/** A fresh empty folder in DATA_DIR/tmp for work on local files (a zip's extraction) before they are stored. */
export async function makeTempDir(config: StorageConfig): Promise<string> {
  const dir = path.join(path.resolve(config.dataDir), 'tmp', 'work', newId());
  await mkdir(dir, { recursive: true });
  return dir;
}

/**
 * Writes bytes a feature made (a generated PDF) under a key; a reader sees the old file or the whole new one,
 * never a part. Answers the size written.
 */
export async function writeToStorage(config: StorageConfig, key: string, bytes: Uint8Array): Promise<number> {
  await fileStore(config).write(storageKey(...key.split('/')), bytes);
  return bytes.byteLength;
}

/** A stored file as a stream with its size, for an answer; undefined when the key holds no file. */
export async function openFromStorage(
  config: StorageConfig,
  key: string,
): Promise<{ stream: Readable; size: number } | undefined> {
  const file = await fileStore(config).open(storageKey(...key.split('/')));
  return file && { stream: file.stream, size: file.size };
}

/**
 * A stored file's bytes, for the few readers that need the whole file at once (a PDF library reading a
 * background). Files larger than maxBytes are refused, so memory stays bounded; undefined when there is none.
 */
export async function readFromStorage(
  config: StorageConfig,
  key: string,
  maxBytes: number,
): Promise<Buffer | undefined> {
  const file = await fileStore(config).open(storageKey(...key.split('/')));
  if (!file) return undefined;
  if (file.size > maxBytes) {
    file.stream.destroy();
    throw new UploadTooLargeError(`stored file exceeds ${maxBytes} bytes`);
  }
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function storedSize(config: StorageConfig, key: string): Promise<number | undefined> {
  return (await fileStore(config).stat(storageKey(...key.split('/'))))?.size;
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
