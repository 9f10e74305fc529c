import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Dialect } from '../db/database';

// The manifest of a backup folder (docs/operations.md section 4): what was saved, from which schema version, and the
// figures a restore must reproduce. A backup folder holds:
//   manifest.json
//   database.sqlite   (SQLite: the online copy)   or   database.dump   (PostgreSQL: pg_dump's custom format)
//   files/<key>       every kept file of the storage (DATA_DIR/files or the bucket), under its storage key
//   app-secret        DATA_DIR/app-secret, when the installation keeps its secret there (development)

export const BACKUP_FORMAT = 'lms-backup/1';
export const MANIFEST = 'manifest.json';
export const DATABASE_FILE: Record<Dialect, string> = { sqlite: 'database.sqlite', postgres: 'database.dump' };
export const FILES_DIR = 'files';
export const SECRET_FILE = 'app-secret';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  dialect: Dialect;
  storage: 'local' | 's3';
  /** The newest migration applied: the schema version a restore starts from (the server migrates on from there). */
  migration: string;
  migrations: string[];
  /** Rows per table, taken from the same snapshot as the copy. */
  counts: Record<string, number>;
  files: { count: number; bytes: number };
  versions: { node: string; database: string; tool: string };
}

export async function writeManifest(dir: string, manifest: BackupManifest): Promise<void> {
  await writeFile(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
}

export async function readManifest(dir: string): Promise<BackupManifest> {
  const manifest = JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8')) as { format?: unknown };
  if (manifest.format !== BACKUP_FORMAT) {
    throw new Error(
      `${dir} is no backup of this platform (format ${String(manifest.format)}, wanted ${BACKUP_FORMAT})`,
    );
  }
  return manifest as BackupManifest;
}

/** The tables whose counts differ between two sets of figures, as readable lines. */
export function countDifferences(expected: Record<string, number>, actual: Record<string, number>): string[] {
  const tables = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
  return tables
    .filter((t) => expected[t] !== actual[t])
    .map((t) => `${t}: ${expected[t] ?? 'missing'} in the backup, ${actual[t] ?? 'missing'} restored`);
}
