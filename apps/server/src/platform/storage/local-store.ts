import type { Dirent } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { newId } from '../ids';
import { assertSafeKey, StorageKeyError, type FileStore, type StoredInfo } from './file-store';

/** The default backend: DATA_DIR/files, one file per key; writes land in DATA_DIR/tmp first and are renamed in. */
export class LocalFileStore implements FileStore {
  readonly kind = 'local' as const;
  private readonly root: string;
  private readonly tmp: string;

  constructor(dataDir: string) {
    this.root = path.join(path.resolve(dataDir), 'files');
    this.tmp = path.join(path.resolve(dataDir), 'tmp', 'uploads');
  }

  /** The key's path, checked once more to lie inside the root (for the migration into a bucket only). */
  pathOf(key: string): string {
    const full = path.resolve(this.root, ...assertSafeKey(key).split('/'));
    if (!full.startsWith(this.root + path.sep)) throw new StorageKeyError(`storage key escapes the root: ${key}`);
    return full;
  }

  private async moveIn(from: string, key: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(from, target);
  }

  async putFile(key: string, tempFile: string): Promise<number> {
    const { size } = await stat(tempFile);
    await this.moveIn(tempFile, key);
    return size;
  }

  // The temp folder lies in DATA_DIR/tmp, on the same filesystem: one rename puts the whole tree in place.
  putTree(prefix: string, tempDir: string): Promise<void> {
    return this.moveIn(tempDir, prefix);
  }

  async write(key: string, bytes: Uint8Array): Promise<void> {
    await mkdir(this.tmp, { recursive: true });
    const file = path.join(this.tmp, newId());
    try {
      await writeFile(file, bytes, { flag: 'wx' });
      await this.moveIn(file, key);
    } catch (err) {
      await rm(file, { force: true });
      throw err;
    }
  }

  async open(key: string, range?: { start: number; end: number }) {
    const handle = await open(this.pathOf(key), 'r').catch(() => undefined);
    if (!handle) return undefined;
    const info = await handle.stat();
    if (!info.isFile()) {
      await handle.close();
      return undefined;
    }
    const start = range?.start ?? 0;
    const end = range?.end ?? info.size - 1;
    return { ...describe(info), stream: handle.createReadStream({ start, end }), start, end };
  }

  async stat(key: string): Promise<StoredInfo | undefined> {
    const info = await stat(this.pathOf(key)).catch(() => undefined);
    return info?.isFile() ? describe(info) : undefined;
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { recursive: true, force: true });
  }

  async *list(prefix: string): AsyncIterable<{ key: string; size: number }> {
    const start = prefix ? this.pathOf(prefix) : this.root;
    const walk = async function* (dir: string): AsyncGenerator<string> {
      const entries: Dirent[] = await readdir(dir, { withFileTypes: true }).catch(() => []);
      for (const e of entries) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) yield* walk(full);
        else if (e.isFile()) yield full;
      }
    };
    for await (const file of walk(start)) {
      const key = path.relative(this.root, file).split(path.sep).join('/');
      // Left-overs of an interrupted extraction (`.x.extract-*`) are no files of a key.
      if (key.split('/').some((s) => s.startsWith('.'))) continue;
      const info = await stat(file).catch(() => undefined);
      if (info) yield { key, size: info.size };
    }
  }
}

function describe(info: { size: number; mtime: Date; mtimeMs: number }): StoredInfo {
  return {
    size: info.size,
    etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
    lastModified: info.mtime,
  };
}
