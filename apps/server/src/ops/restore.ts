import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { connectDatabase } from '../db/connect';
import type { Dialect } from '../db/database';
import {
  DATABASE_FILE,
  FILES_DIR,
  SECRET_FILE,
  countDifferences,
  readManifest,
  type BackupManifest,
} from './backup-manifest';
import { runAsCommand } from './command';
import { pgRestore } from './pg-tools';
import { countRows, listTables } from './schema-inventory';
import { exists, loadFiles, openStore, storeIsEmpty } from './stored-files';

// `npm run restore -- <backup folder>` (docs/operations.md section 4): into the installation the environment names
// (DATA_DIR, DATABASE_URL, STORAGE and S3_*), which must be empty: a new DATA_DIR, a new (created, empty) PostgreSQL
// database, an empty bucket or prefix. It then checks the restored rows and files against the manifest. The server
// started on it afterwards runs the migrations of its release, so a backup of an older release restores too.

/** Refuses a target that already holds data: a restore never merges into or overwrites a live installation. */
async function assertEmptyDatabase(config: Config, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') {
    const file = path.join(config.dataDir, 'lms.sqlite');
    if (await exists(file)) throw new Error(`${file} exists: restore into a new DATA_DIR`);
    return;
  }
  const { db, close } = connectDatabase({ databaseUrl: config.databaseUrl, poolMax: 1 });
  try {
    const tables = await listTables(db, dialect);
    if (tables.length > 0)
      throw new Error(`the database of DATABASE_URL holds ${tables.length} tables: restore into a new, empty database`);
  } finally {
    await close();
  }
}

async function restoredCounts(config: Config): Promise<Record<string, number>> {
  const { db, dialect, close } = connectDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'lms.sqlite'),
    poolMax: 1,
  });
  try {
    return await countRows(db, dialect);
  } finally {
    await close();
  }
}

export async function restore(
  config: Config,
  fromDir: string,
  log: (line: string) => void = (line) => console.log(line),
): Promise<BackupManifest> {
  const dir = path.resolve(fromDir);
  const manifest = await readManifest(dir);
  const dialect: Dialect = config.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.dialect !== dialect) {
    throw new Error(
      `the backup is of a ${manifest.dialect} installation, the target is ${dialect}: ` +
        'restore into the same kind of database (moving between them is not a restore)',
    );
  }
  await assertEmptyDatabase(config, dialect);
  const { store, close } = openStore(config);
  try {
    if (!(await storeIsEmpty(store))) {
      throw new Error(`the target storage (${config.storage.kind}) holds files: restore into an empty one`);
    }
    const source = path.join(dir, DATABASE_FILE[dialect]);
    if (config.databaseUrl) await pgRestore(config.databaseUrl, source);
    else {
      await mkdir(config.dataDir, { recursive: true });
      await copyFile(source, path.join(config.dataDir, 'lms.sqlite'));
    }
    log(`Database restored (${manifest.migration}).`);
    const files = await loadFiles(store, path.join(dir, FILES_DIR), config.dataDir);
    log(`${files.count} files restored (${files.bytes} bytes).`);
    if (files.count !== manifest.files.count || files.bytes !== manifest.files.bytes) {
      throw new Error(
        `files: ${manifest.files.count} (${manifest.files.bytes} bytes) in the backup, ` +
          `${files.count} (${files.bytes} bytes) restored`,
      );
    }
  } finally {
    close();
  }
  const secret = path.join(dir, SECRET_FILE);
  if (await exists(secret)) await copyFile(secret, path.join(config.dataDir, SECRET_FILE));

  const differences = countDifferences(manifest.counts, await restoredCounts(config));
  if (differences.length > 0) throw new Error(`restored rows differ from the backup:\n${differences.join('\n')}`);
  log(`Restore complete and checked: ${Object.keys(manifest.counts).length} tables, counts as in the backup.`);
  return manifest;
}

// `npm run restore -- <backup folder>`, with the settings of the installation in the environment.
runAsCommand(import.meta.url, 'npm run restore -- <backup folder>', (config, folder) => restore(config, folder));
