import type { Readable } from 'node:stream';

// The one storage interface (issue 16): kept files are named by keys, never by paths, and move as streams. Two
// backends: local disk (DATA_DIR/files, the default) and an S3-compatible bucket. Only platform/storage* knows which.

/** What a stored file is, without its bytes. `etag` is quoted as HTTP sends it. */
export interface StoredInfo {
  size: number;
  etag: string;
  lastModified: Date;
}

/** A stored file opened for reading: the stream holds `start`..`end` (inclusive) of `size` bytes. */
export interface StoredFile extends StoredInfo {
  stream: Readable;
  start: number;
  end: number;
}

export interface FileStore {
  readonly kind: 'local' | 's3';
  /** Moves a finished local temp file to `key` (the temp file is gone afterwards); answers its size. */
  putFile(key: string, tempFile: string): Promise<number>;
  /** Moves a finished local temp folder's files under `prefix/` (the folder is gone afterwards). */
  putTree(prefix: string, tempDir: string): Promise<void>;
  /** Writes bytes a feature made (a PDF of a few hundred kB) under `key`; a reader sees the old or the whole new. */
  write(key: string, bytes: Uint8Array): Promise<void>;
  /** Opens `key`, the whole file or the inclusive byte range; undefined when no file has that key. */
  open(key: string, range?: { start: number; end: number }): Promise<StoredFile | undefined>;
  stat(key: string): Promise<StoredInfo | undefined>;
  /** Removes `key` and everything under `key/`; a missing key is fine, so a clean-up can run twice. */
  remove(key: string): Promise<void>;
  /** Every file under `prefix/` (all with ''), key and size, in no fixed order. */
  list(prefix: string): AsyncIterable<{ key: string; size: number }>;
}

export class StorageKeyError extends Error {}

/**
 * The store could not be reached or failed on its side (a bucket that refuses connections, times out or answers
 * 5xx). Answered 503 `storage_unavailable`: the request may be tried again (issue 33's bucket fault answered 500).
 */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`The file storage is unreachable: ${(cause as Error | undefined)?.message ?? String(cause)}`, { cause });
  }
}

/**
 * A key as a path of plain segments: no empty, `.` or `..` segment, no backslash or control character. Package
 * files keep their own names (spaces, umlauts, brackets), so this is looser than `storageKey`'s id segments.
 */
export function assertSafeKey(key: string): string {
  const segments = key.split('/');
  // A control character (code below 32, or 127) has no place in a file name.
  const control = (s: string) => [...s].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127);
  const bad = (s: string) => s === '' || s === '.' || s === '..' || s.includes('\\') || control(s);
  if (key.length > 1024 || segments.some(bad)) throw new StorageKeyError(`unsafe storage key: ${key}`);
  return key;
}
