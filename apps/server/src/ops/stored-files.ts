import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pLimit from 'p-limit';
import type { Config } from '../config';
import { newId } from '../platform/ids';
import type { FileStore } from '../platform/storage/file-store';
import { LocalFileStore } from '../platform/storage/local-store';
import { S3FileStore } from '../platform/storage/s3-store';

// The kept files of an installation (DATA_DIR/files or the bucket) copied to and from a backup folder through the
// one storage interface, so both setups take the same path. A SCORM package is hundreds of small objects: a few
// copies run at once.
const AT_ONCE = 8;

/** A store of its own (not the process's shared one), closed by the caller: a command ends when its work is done. */
export function openStore(config: Config): { store: FileStore; close: () => void } {
  if (config.storage.kind === 's3') {
    const store = new S3FileStore(config.storage);
    return { store, close: () => store.destroy() };
  }
  return { store: new LocalFileStore(config.dataDir), close: () => undefined };
}

/** A key's place under `root`; keys are checked by the store (no `..`), this only refuses what would leave root. */
function placeOf(root: string, key: string): string {
  const target = path.resolve(root, ...key.split('/'));
  if (!target.startsWith(root + path.sep)) throw new Error(`unsafe storage key: ${key}`);
  return target;
}

/** Copies every stored file into `dir`/<key>; answers how many and their bytes. */
export async function saveFiles(store: FileStore, dir: string): Promise<{ count: number; bytes: number }> {
  const root = path.resolve(dir);
  const limit = pLimit(AT_ONCE);
  const copies: Promise<number>[] = [];
  for await (const { key } of store.list('')) {
    copies.push(
      limit(async () => {
        const file = await store.open(key);
        if (!file) return -1; // removed since it was listed: no longer part of the state
        const target = placeOf(root, key);
        await mkdir(path.dirname(target), { recursive: true });
        await pipeline(file.stream, createWriteStream(target));
        return file.size;
      }),
    );
  }
  const sizes = (await Promise.all(copies)).filter((s) => s >= 0);
  return { count: sizes.length, bytes: sizes.reduce((a, b) => a + b, 0) };
}

async function* walk(dir: string, prefix = ''): AsyncGenerator<{ key: string; file: string }> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), key);
    else if (entry.isFile()) yield { key, file: path.join(dir, entry.name) };
  }
}

/** Puts every file of `dir` into the store under its key, through DATA_DIR/tmp as an upload does. */
export async function loadFiles(
  store: FileStore,
  dir: string,
  dataDir: string,
): Promise<{ count: number; bytes: number }> {
  const tmp = path.join(dataDir, 'tmp');
  await mkdir(tmp, { recursive: true });
  const limit = pLimit(AT_ONCE);
  const copies: Promise<number>[] = [];
  for await (const { key, file } of walk(dir)) {
    copies.push(
      limit(async () => {
        const temp = path.join(tmp, `restore-${newId()}`);
        await copyFile(file, temp);
        return store.putFile(key, temp);
      }),
    );
  }
  const sizes = await Promise.all(copies);
  return { count: sizes.length, bytes: sizes.reduce((a, b) => a + b, 0) };
}

/** Whether the store holds any file (a restore goes only into an empty one). */
export async function storeIsEmpty(store: FileStore): Promise<boolean> {
  for await (const _ of store.list('')) return false;
  return true;
}

export const exists = (file: string): Promise<boolean> =>
  stat(file).then(
    () => true,
    () => false,
  );
