import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { IMPORT_RUNS } from '../src/features/user-import/user-import.job';
import { multipartFile } from './multipart';
import { requestJson, startServerProcess, type ServerProcess } from './server-process';

// Issue 33, faults on the embedded default: the process running a 10,000-row import is killed with SIGKILL between
// two batches. Each batch commits its users, their activation mails and the import's counts and report in one
// transaction, so the database holds exactly the rows the counts say; the restarted process takes the job again
// once its lease has run out and resumes after the last committed batch: every row is imported once, every
// activation mail queued once, and the report names every row once.
const ROWS = 10_000;
const PASSWORD = 'Demo-Import-Kill-2026!';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lms-import-kill-'));
const env = { DATA_DIR: dataDir, LMS_DEMO: '1', LMS_DEMO_PASSWORD: PASSWORD, DATABASE_URL: undefined };
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface ImportStatus {
  status: string;
  done: number;
  created: number;
  skipped: number;
  failed: number;
}

const csv = () =>
  [
    'email;firstName;lastName',
    ...Array.from({ length: ROWS }, (_, i) => `kill-${i}@import.example;Vorname${i};Nachname-${i}`),
  ].join('\r\n');

async function signIn(server: ServerProcess) {
  const res = await requestJson(server.baseUrl, {
    path: '/api/user/login',
    host: 'localhost',
    body: { emailOrUsername: 'admin@demo.example', password: PASSWORD },
  });
  expect(res.status).toBe(200);
  const { token } = res.body as { token: string };
  return (path: string, body?: unknown, raw?: { payload: Buffer; headers: Record<string, string> }) =>
    requestJson(server.baseUrl, { path, host: 'localhost', body, raw, token });
}

/** Polls the import until `until` holds (or the process exits), answering the last status. */
async function waitFor(
  call: Awaited<ReturnType<typeof signIn>>,
  id: string,
  until: (s: ImportStatus) => boolean,
): Promise<ImportStatus> {
  const deadline = Date.now() + 240_000;
  for (;;) {
    const s = (await call(`/api/users/import/${id}`)).body as ImportStatus;
    if (until(s)) return s;
    if (Date.now() > deadline) throw new Error(`import still at ${JSON.stringify(s)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Reads the embedded database file directly while no server holds it. */
function readDb<T>(read: (db: Database.Database) => T): T {
  const db = new Database(path.join(dataDir, 'lms.sqlite'));
  try {
    return read(db);
  } finally {
    db.close();
  }
}
const count = (db: Database.Database, sql: string, ...params: unknown[]) =>
  (db.prepare(sql).get(...params) as { n: number }).n;

// The embedded default only: with DATABASE_URL set (CI's PostgreSQL run) this is the same SQLite test again.
describe.skipIf(!!process.env.DATABASE_URL)('kill -9 during a 10,000-row import on the embedded default', () => {
  it('keeps exactly what was committed, then resumes after the restart: every row once, every mail once', async () => {
    const first = await startServerProcess(env);
    let id = '';
    let atKill: ImportStatus;
    try {
      const call = await signIn(first);
      const file = multipartFile(csv(), 'users.csv', 'text/csv');
      const uploaded = await call('/api/users/import', undefined, file);
      expect(uploaded.status).toBe(200);
      const preview = uploaded.body as { id: string; mapping: (string | null)[]; validCount: number };
      expect(preview.validCount).toBe(ROWS);
      id = preview.id;
      const run = await call(`/api/users/import/${id}/run`, { mapping: preview.mapping, sendActivationMail: true });
      expect(run.status).toBe(200);
      // Killed once a batch or two have committed, while the next ones are under way.
      atKill = await waitFor(call, id, (s) => s.done >= 1_000);
      first.child.kill('SIGKILL');
    } finally {
      await first.stop('SIGKILL');
    }
    expect(atKill.done).toBeLessThan(ROWS);

    // What the database holds after the kill is exactly what its counts say (the counts commit with each batch).
    const stored = readDb((db) => {
      const imp = db.prepare('SELECT status, done, created_count FROM user_imports WHERE id = ?').get(id) as {
        status: string;
        done: number;
        created_count: number;
      };
      const users = count(db, "SELECT count(*) AS n FROM users WHERE email LIKE 'kill-%@import.example'");
      const mails = count(db, "SELECT count(*) AS n FROM mail_queue WHERE to_address LIKE 'kill-%@import.example'");
      // The lease of the killed run (5 min) runs out now rather than in five minutes.
      db.prepare("UPDATE jobs SET lease_until = '2000-01-01T00:00:00.000Z' WHERE status = 'running'").run();
      return { imp, users, mails };
    });
    expect(stored.imp.status).toBe('running');
    expect(stored.imp.done % 500).toBe(0);
    expect(stored.imp.done).toBeGreaterThanOrEqual(atKill.done);
    expect(stored.users).toBe(stored.imp.created_count);
    expect(stored.mails).toBe(stored.users);

    const second = await startServerProcess(env);
    try {
      const call = await signIn(second);
      const end = await waitFor(call, id, (s) => s.status !== 'running');
      expect(end).toMatchObject({ status: 'done', done: ROWS, created: ROWS, skipped: 0, failed: 0 });
      const report = (await call(`/api/users/import/${id}/report`)).body as string;
      const rows = report.trim().split('\n').slice(1);
      expect(rows).toHaveLength(ROWS);
      expect(new Set(rows.map((r) => r.split(';')[0])).size).toBe(ROWS);
      expect(rows.every((r) => r.split(';')[1] === 'created')).toBe(true);
    } finally {
      await second.stop('SIGTERM');
    }
    const after = readDb((db) => ({
      users: count(db, "SELECT count(DISTINCT email) AS n FROM users WHERE email LIKE 'kill-%@import.example'"),
      rows: count(db, "SELECT count(*) AS n FROM users WHERE email LIKE 'kill-%@import.example'"),
      mails: count(db, "SELECT count(*) AS n FROM mail_queue WHERE to_address LIKE 'kill-%@import.example'"),
      runs: count(db, "SELECT attempts AS n FROM jobs WHERE kind = 'users.import'"),
    }));
    expect(after).toEqual({ users: ROWS, rows: ROWS, mails: ROWS, runs: 2 });
    expect(after.runs).toBeLessThanOrEqual(IMPORT_RUNS);
  }, 600_000);
});
