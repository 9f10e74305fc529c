import { copyFile, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import type { Config } from '../config';
import { connectDatabase } from '../db/connect';
import type { Database, DbOrTrx, Dialect } from '../db/database';
import {
  BACKUP_FORMAT,
  DATABASE_FILE,
  FILES_DIR,
  SECRET_FILE,
  writeManifest,
  type BackupManifest,
} from './backup-manifest';
import { pgDump, toolVersion } from './pg-tools';
import { runAsCommand } from './command';
import { appliedMigrations, countRows } from './schema-inventory';
import { exists, openStore, saveFiles } from './stored-files';

// `npm run backup -- <folder>` (docs/operations.md section 4): the database, then the kept files, then the manifest,
// while the servers keep running. The database comes first: a file is written to storage before the row that names
// it, so files copied later include every file the database copy names (and perhaps a few newer ones).

type Figures = Pick<BackupManifest, 'counts' | 'migrations'> & { database: string; tool: string };

async function figures(db: DbOrTrx, dialect: Dialect, version: string, tool: string): Promise<Figures> {
  const migrations = await appliedMigrations(db);
  return { counts: await countRows(db, dialect), migrations, database: version, tool };
}

/**
 * SQLite: better-sqlite3's online backup API (sqlite3_backup) copies the pages while the server goes on writing
 * (it restarts the copy if a write lands between steps), so the copy is one consistent moment of the file.
 */
async function backupSqlite(config: Config, target: string): Promise<Figures> {
  const file = path.join(config.dataDir, 'lms.sqlite');
  if (!(await exists(file))) throw new Error(`no database at ${file}: is DATA_DIR the installation's?`);
  const source = new SQLite(file, { fileMustExist: true });
  try {
    await source.backup(target);
  } finally {
    source.close();
  }
  // One self-contained file (no -wal beside it): the server sets WAL again when it opens the restored copy.
  const copy = new SQLite(target);
  copy.pragma('journal_mode = DELETE');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: copy }) });
  try {
    const version = (await sql<{ v: string }>`select sqlite_version() as v`.execute(db)).rows[0]?.v ?? '';
    return await figures(db, 'sqlite', `SQLite ${version}`, `better-sqlite3 backup API`);
  } finally {
    await db.destroy();
  }
}

/**
 * PostgreSQL: pg_dump reads the snapshot of a read-only repeatable-read transaction that also counts the rows, so
 * the manifest's counts are exactly the dump's.
 */
async function backupPostgres(databaseUrl: string, target: string): Promise<Figures> {
  const tool = await toolVersion('pg_dump');
  const { db, close } = connectDatabase({ databaseUrl, poolMax: 1 });
  try {
    return await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (trx) => {
        const snapshot = (await sql<{ id: string }>`select pg_export_snapshot() as id`.execute(trx)).rows[0]?.id;
        const version = (await sql<{ v: string }>`show server_version`.execute(trx)).rows[0]?.v ?? '';
        const result = await figures(trx, 'postgres', `PostgreSQL ${version}`, tool);
        await pgDump(databaseUrl, target, snapshot ?? '');
        return result;
      });
  } finally {
    await close();
  }
}

export async function backup(
  config: Config,
  outDir: string,
  log: (line: string) => void = (line) => console.log(line),
): Promise<BackupManifest> {
  const dir = path.resolve(outDir);
  await mkdir(dir, { recursive: true });
  if ((await readdir(dir)).length > 0) throw new Error(`${dir} is not empty: a backup goes into a new folder`);
  const dialect: Dialect = config.databaseUrl ? 'postgres' : 'sqlite';
  const target = path.join(dir, DATABASE_FILE[dialect]);
  const db = config.databaseUrl ? await backupPostgres(config.databaseUrl, target) : await backupSqlite(config, target);
  log(`Database copied (${db.database}, ${db.migrations.length} migrations, ${db.counts.users ?? 0} users).`);

  const { store, close } = openStore(config);
  let files: BackupManifest['files'];
  try {
    files = await saveFiles(store, path.join(dir, FILES_DIR));
  } finally {
    close();
  }
  log(
    `${files.count} files copied (${files.bytes} bytes) from ${config.storage.kind === 's3' ? 'the bucket' : 'DATA_DIR/files'}.`,
  );
  const secret = path.join(config.dataDir, SECRET_FILE);
  if (await exists(secret)) await copyFile(secret, path.join(dir, SECRET_FILE));

  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    dialect,
    storage: config.storage.kind,
    migration: db.migrations.at(-1) ?? '',
    migrations: db.migrations,
    counts: db.counts,
    files,
    versions: { node: process.version, database: db.database, tool: db.tool },
  };
  // Written last: a folder with a manifest is a complete backup.
  await writeManifest(dir, manifest);
  log(`Backup complete: ${dir}`);
  return manifest;
}

// `npm run backup -- <new folder>`, with the settings of the installation in the environment.
runAsCommand(import.meta.url, 'npm run backup -- <new folder>', (config, folder) => backup(config, folder));
