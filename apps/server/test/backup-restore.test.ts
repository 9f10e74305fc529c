import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { issueCertificate } from '../src/features/certificates/certificate-issue';
import { addParticipants, addTraining, certificateWorld } from '../src/features/certificates/test-certificates';
import { connectDatabase } from '../src/db/connect';
import type { Dialect } from '../src/db/database';
import { nowIso } from '../src/platform/ids';
import type { BackupManifest } from '../src/ops/backup-manifest';
import { backup } from '../src/ops/backup';
import { restore } from '../src/ops/restore';
import { countRows } from '../src/ops/schema-inventory';
import { recordStatuses } from './documented-statuses';
import { TEST_PASSWORD, createUser, signIn, type TestUser } from './factories';
import { requestJson, startServerProcess, type ServerProcess } from './server-process';
import { testConfig, type TestContext } from './test-app';
import { DIALECTS, createTestDb, type TestDb } from './test-db';

// Issue 33 point 6: backup and restore as a drill. An installation with data (a learner, a training, an issued
// certificate whose PDF lies in the storage) is backed up by `npm run backup` while its app keeps running, restored
// by `npm run restore` into a fresh installation (new DATA_DIR or new PostgreSQL database, empty storage or bucket
// prefix), and a real server process started on the copy answers a login and the certificate download; every
// table's row count is the same. On PostgreSQL this needs pg_dump and pg_restore, so it runs only when DATABASE_URL
// is set (CI has PostgreSQL's client tools there); on SQLite it needs nothing but Node.

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = promisify(execFile);
const SECRET = 'test-secret-0123456789abcdef0123456789';

/** The environment of one installation: its DATA_DIR, database and storage (a bucket prefix of its own). */
function installationEnv(dataDir: string, databaseUrl: string | undefined): Record<string, string | undefined> {
  const e = process.env;
  const s3 =
    e.STORAGE === 's3'
      ? { STORAGE: 's3', S3_PREFIX: `${e.S3_PREFIX ?? ''}${path.basename(dataDir)}/` }
      : { STORAGE: undefined, S3_PREFIX: undefined };
  return { NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, APP_SECRET: SECRET, LMS_DEMO: '0', ...s3 };
}

/** The command as `npm run backup -- <dir>` runs it, with the installation's settings in the environment. */
const npmScript = (script: 'backup' | 'restore', dir: string, env: Record<string, string | undefined>) =>
  run(process.execPath, ['--import', 'tsx', `src/ops/${script}.ts`, dir], {
    cwd: serverRoot,
    env: { ...process.env, ...env },
  });

/** A GET answering the raw bytes (a PDF), with the tenant's Host header. */
const getBytes = (baseUrl: string, url: string, host: string, token: string) =>
  new Promise<{ status: number; bytes: Buffer }>((resolve, reject) => {
    const req = httpRequest(new URL(url, baseUrl), { headers: { host, authorization: `Bearer ${token}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });

/** A new, empty PostgreSQL database beside the test ones; its URL and how to drop it. */
async function emptyPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL ?? '';
  const name = `lms_restore_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

describe.each(DIALECTS)('backup and restore drill [%s]', (dialect: Dialect) => {
  let source: TestDb;
  let ctx: TestContext;
  let learner: TestUser;
  let certificatePdf: Buffer;
  let certificateId: string;
  const cleanups: (() => Promise<void> | void)[] = [];
  const backupDir = () => path.join(os.tmpdir(), `lms-backup-${randomBytes(6).toString('hex')}`);

  beforeAll(async () => {
    source = await createTestDb(dialect);
    const deps = { config: testConfig(source.dataDir), db: source.db, dialect };
    const app = await buildApp(deps);
    const statuses = recordStatuses(app);
    await app.ready();
    ctx = { app, deps, testDb: source, dialect, statuses };
    const world = await certificateWorld(() => ctx);
    learner = await createUser(source.db, world.client);
    const trainingId = await addTraining(source.db, world.client.id, world.courseId);
    await addParticipants(source.db, world.client.id, trainingId, [learner.id], nowIso());
    expect(await issueCertificate(deps, world.client.id, trainingId, learner.id)).toBe('issued');
    const me = await signIn(app, learner);
    certificateId = (await me.get('/api/course-certificate')).json<{ items: { id: string }[] }>().items[0]?.id ?? '';
    const download = await me.get(`/api/course-certificate/${certificateId}/download`);
    expect(download.statusCode).toBe(200);
    certificatePdf = download.rawPayload;
  }, 120_000);

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await ctx?.app.close();
    await source?.drop();
  });

  it('backs up online, restores into a fresh installation, and that one signs in and serves the certificate', async () => {
    // 1. `npm run backup` while the source app is up and holds its database open.
    const dir = backupDir();
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const sourceEnv = installationEnv(source.dataDir, source.databaseUrl);
    const { stdout } = await npmScript('backup', dir, sourceEnv);
    expect(stdout).toContain('Backup complete');
    const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as BackupManifest;
    expect(manifest.dialect).toBe(dialect);
    expect(manifest.migration).toBe(manifest.migrations.at(-1));
    expect(manifest.counts).toEqual(await countRows(source.db, dialect));
    expect(manifest.counts.course_certificates).toBe(1);
    // The certificate's PDF, the template's and the modules' files: all of them, from disk or from the bucket.
    expect(manifest.files.count).toBeGreaterThanOrEqual(3);
    expect(existsSync(path.join(dir, dialect === 'sqlite' ? 'database.sqlite' : 'database.dump'))).toBe(true);

    // 2. `npm run restore` into a new DATA_DIR (and a new, empty PostgreSQL database), empty storage.
    const target = mkdtempSync(path.join(os.tmpdir(), 'lms-restored-'));
    cleanups.push(() => rmSync(target, { recursive: true, force: true }));
    let targetUrl: string | undefined;
    if (dialect === 'postgres') {
      const created = await emptyPostgresDatabase();
      cleanups.push(created.drop);
      targetUrl = created.url;
    }
    const targetEnv = installationEnv(target, targetUrl);
    const restored = await npmScript('restore', dir, targetEnv);
    expect(restored.stdout).toContain('counts as in the backup');

    // 3. The same counts, read by the test itself.
    const copy = connectDatabase({ databaseUrl: targetUrl, sqliteFile: path.join(target, 'lms.sqlite') });
    try {
      expect(await countRows(copy.db, copy.dialect)).toEqual(manifest.counts);
    } finally {
      await copy.close();
    }

    // 4. A real server on the restored installation: a login of the backup's user and the certificate download.
    const server: ServerProcess = await startServerProcess(targetEnv);
    cleanups.push(async () => void (await server.stop()));
    const login = await requestJson(server.baseUrl, {
      path: '/api/user/login',
      host: learner.host,
      body: { emailOrUsername: learner.email, password: TEST_PASSWORD },
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const token = (login.body as { token: string }).token;
    const pdf = await getBytes(
      server.baseUrl,
      `/api/course-certificate/${certificateId}/download`,
      learner.host,
      token,
    );
    expect(pdf.status).toBe(200);
    expect(pdf.bytes.equals(certificatePdf)).toBe(true);
    // Three processes start here (backup, restore, server): about 15 s on a quiet machine, several times that on CI's
    // busy two cores.
  }, 300_000);

  it('refuses to restore into an installation that holds data, and a backup of the other database kind', async () => {
    const dir = backupDir();
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const configOf = (dataDir: string, url: string | undefined) =>
      loadConfig({ ...process.env, ...installationEnv(dataDir, url) });
    const live = configOf(source.dataDir, source.databaseUrl);
    await backup(live, dir, () => undefined);
    // Into the source itself: its database is not empty.
    await expect(restore(live, dir, () => undefined)).rejects.toThrow(
      dialect === 'sqlite' ? /restore into a new DATA_DIR/ : /restore into a new, empty database/,
    );
    // The other kind: the manifest names the dialect, and nothing was written.
    const elsewhere = mkdtempSync(path.join(os.tmpdir(), 'lms-restored-'));
    cleanups.push(() => rmSync(elsewhere, { recursive: true, force: true }));
    const other = dialect === 'sqlite' ? 'postgres://postgres@127.0.0.1:1/none' : undefined;
    await expect(restore(configOf(elsewhere, other), dir, () => undefined)).rejects.toThrow(
      /restore into the same kind of database/,
    );
    expect(existsSync(path.join(elsewhere, 'lms.sqlite'))).toBe(false);
  }, 60_000);
});
