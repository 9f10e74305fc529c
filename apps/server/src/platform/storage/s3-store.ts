import { createReadStream, type Dirent } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import mime from 'mime';
import type { StorageSettings } from '../../config';
import { assertSafeKey, StorageUnavailableError, type FileStore, type StoredInfo } from './file-store';

type S3Settings = Extract<StorageSettings, { kind: 's3' }>;

// The SDK warns once per process that its 2027 releases want Node 22; the product supports Node 20.19, pinned.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** Files uploaded at once by putTree: a SCORM package has hundreds of small files. */
const TREE_UPLOADS = 8;

const isMissing = (err: unknown): boolean =>
  err instanceof S3ServiceException &&
  (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

/** Socket errors of a bucket that cannot be reached. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** The bucket, not the request, failed: no answer (refused, reset, timed out) or a 5xx after the SDK's own retries. */
const isUnavailable = (err: unknown): boolean => {
  const e = err as { code?: unknown; name?: unknown; $metadata?: { httpStatusCode?: number } } | null;
  const status = e?.$metadata?.httpStatusCode;
  return (
    (typeof e?.code === 'string' && NETWORK_CODES.has(e.code)) ||
    e?.name === 'TimeoutError' ||
    (status !== undefined && status >= 500)
  );
};

/** The S3-compatible backend: one object per key (under S3_PREFIX); bodies stream from and to local files. */
export class S3FileStore implements FileStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials,
      // Checksums only where S3 demands one: several S3-compatible servers cannot read the aws-chunked bodies the
      // SDK sends for its default checksums, and every body here has a known length anyway.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** Sends a command; a bucket that cannot answer throws StorageUnavailableError. */
  private async send<T>(run: (client: S3Client) => Promise<T>): Promise<T> {
    try {
      return await run(this.client);
    } catch (err) {
      throw isUnavailable(err) ? new StorageUnavailableError(err) : err;
    }
  }

  private objectKey(key: string): string {
    return this.settings.prefix + assertSafeKey(key);
  }

  private async put(key: string, body: Readable | Uint8Array, size: number): Promise<void> {
    await this.send((c) =>
      c.send(
        new PutObjectCommand({
          Bucket: this.settings.bucket,
          Key: this.objectKey(key),
          Body: body,
          ContentLength: size,
          ContentType: mime.getType(key) ?? 'application/octet-stream',
        }),
      ),
    );
  }

  async putFile(key: string, tempFile: string): Promise<number> {
    const size = await this.upload(key, tempFile);
    await rm(tempFile, { force: true });
    return size;
  }

  /** Copies a local file to `key` as a stream, leaving the file (the migration of DATA_DIR/files). */
  async upload(key: string, file: string): Promise<number> {
    const { size } = await stat(file);
    await this.put(key, createReadStream(file), size);
    return size;
  }

  async putTree(prefix: string, tempDir: string): Promise<void> {
    const files = await listFiles(tempDir);
    try {
      let next = 0;
      const worker = async () => {
        while (next < files.length) {
          const rel = files[next++] as string;
          const file = path.join(tempDir, ...rel.split('/'));
          const { size } = await stat(file);
          await this.put(`${prefix}/${rel}`, createReadStream(file), size);
        }
      };
      await Promise.all(Array.from({ length: Math.min(TREE_UPLOADS, files.length) }, worker));
    } catch (err) {
      await this.remove(prefix);
      throw err;
    } finally {
      await rm(tempDir, { recursive: true, force: true });
    }
  }

  async write(key: string, bytes: Uint8Array): Promise<void> {
    await this.put(key, bytes, bytes.byteLength);
  }

  async open(key: string, range?: { start: number; end: number }) {
    try {
      const res = await this.send((c) =>
        c.send(
          new GetObjectCommand({
            Bucket: this.settings.bucket,
            Key: this.objectKey(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        ),
      );
      const length = res.ContentLength ?? 0;
      // "bytes 0-9/1234": the whole size follows the slash.
      const size = range ? Number(/\/(\d+)$/.exec(res.ContentRange ?? '')?.[1] ?? length) : length;
      const start = range?.start ?? 0;
      return {
        size,
        etag: res.ETag ?? `"${size.toString(16)}"`,
        lastModified: res.LastModified ?? new Date(0),
        stream: res.Body as Readable,
        start,
        end: start + length - 1,
      };
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  async stat(key: string): Promise<StoredInfo | undefined> {
    try {
      const res = await this.send((c) =>
        c.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) })),
      );
      const size = res.ContentLength ?? 0;
      return { size, etag: res.ETag ?? `"${size.toString(16)}"`, lastModified: res.LastModified ?? new Date(0) };
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    const keys = [this.objectKey(key)];
    for await (const f of this.list(key)) keys.push(this.objectKey(f.key));
    // DeleteObjects takes at most 1,000 keys; a missing key is no error.
    for (let i = 0; i < keys.length; i += 1000) {
      const res = await this.send((c) =>
        c.send(
          new DeleteObjectsCommand({
            Bucket: this.settings.bucket,
            Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true },
          }),
        ),
      );
      if (res.Errors?.length)
        throw new Error(`storage: ${res.Errors.length} objects not deleted (${res.Errors[0]?.Code})`);
    }
  }

  async *list(prefix: string): AsyncIterable<{ key: string; size: number }> {
    const Prefix = prefix ? `${this.objectKey(prefix)}/` : this.settings.prefix;
    let token: string | undefined;
    do {
      const res = await this.send((c) =>
        c.send(new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix, ContinuationToken: token })),
      );
      for (const o of res.Contents ?? []) {
        if (o.Key) yield { key: o.Key.slice(this.settings.prefix.length), size: o.Size ?? 0 };
      }
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
  }

  destroy(): void {
    this.client.destroy();
  }
}

/** The files of a local folder as `a/b/c` paths relative to it. */
async function listFiles(dir: string, rel = ''): Promise<string[]> {
  const entries: Dirent[] = await readdir(path.join(dir, ...rel.split('/').filter(Boolean)), { withFileTypes: true });
  const out: string[] = [];
  for (const e of entries) {
    const child = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...(await listFiles(dir, child)));
    else if (e.isFile()) out.push(child);
  }
  return out;
}
