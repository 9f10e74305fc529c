import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { requestJson, startServerProcess, type ServerProcess } from './server-process';

// Issue 33, faults on the embedded default: the process running a certificate regeneration is killed with SIGKILL
// mid-run. Each certificate's file is written before the row that names it commits, so after the kill every row
// names a whole PDF (at most the file under way when the process died is left without a row). The restarted
// process takes the job again once its lease has run out and resumes: what the first run made is not made again,
// every completed learner ends with one certificate and one "certificate issued" mail, and the result counts all.
const LEARNERS = 300;
const PASSWORD = 'Demo-Regenerate-Kill-2026!';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lms-regenerate-kill-'));
const env = { DATA_DIR: dataDir, LMS_DEMO: '1', LMS_DEMO_PASSWORD: PASSWORD, DATABASE_URL: undefined };
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function signIn(server: ServerProcess, email: string) {
  const res = await requestJson(server.baseUrl, {
    path: '/api/user/login',
    host: 'localhost',
    body: { emailOrUsername: email, password: PASSWORD },
  });
  expect(res.status).toBe(200);
  const { token } = res.body as { token: string };
  return (p: string, body?: unknown) => requestJson(server.baseUrl, { path: p, host: 'localhost', body, token });
}

interface JobAnswer {
  status: string;
  progress: { done?: number; total?: number } | null;
  result: { total: number; succeeded: number; failed: number } | null;
}

async function waitForJob(
  call: Awaited<ReturnType<typeof signIn>>,
  id: string,
  until: (j: JobAnswer) => boolean,
): Promise<JobAnswer> {
  const deadline = Date.now() + 240_000;
  for (;;) {
    const j = (await call(`/api/jobs/${id}`)).body as JobAnswer;
    if (until(j)) return j;
    if (Date.now() > deadline) throw new Error(`job still at ${JSON.stringify(j)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function withDb<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(path.join(dataDir, 'lms.sqlite'));
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

type Row = Record<string, unknown>;
const insertRow = (db: Database.Database, table: string, row: Row) => {
  const cols = Object.keys(row);
  db.prepare(`INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`).run(
    ...cols.map((c) => row[c]),
  );
};

/** Every stored certificate file (the local store keeps them under files/<client>/certificates/<id>/<file>.pdf). */
const certificateFiles = (): string[] => {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (full.includes(`${path.sep}certificates${path.sep}`)) out.push(full);
    }
  };
  walk(path.join(dataDir, 'files'));
  return out;
};

// The embedded default only: with DATABASE_URL set (CI's PostgreSQL run) this is the same SQLite test again.
describe.skipIf(!!process.env.DATABASE_URL)('kill -9 during a certificate regeneration on the embedded default', () => {
  it('leaves every certificate whole after the kill, then resumes: one certificate and one mail per learner', async () => {
    // The demo, with a certificate template the content master writes.
    const setup = await startServerProcess(env);
    let templateId = '';
    try {
      const content = await signIn(setup, 'content@demo.example');
      const made = await content('/api/certificate-template', {
        name: 'Kill drill',
        locales: {
          'de-DE': { subtitle: 'Teilnahmebescheinigung', body: '{{name}} hat „{{course}}“ am {{date}} abgeschlossen.' },
        },
      });
      expect(made.status).toBe(200);
      templateId = (made.body as { id: string }).id;
    } finally {
      await setup.stop('SIGTERM');
    }

    // The demo training's course names it, and LEARNERS more people (copies of the demo participant) completed it.
    const trainingId = withDb((db) => {
      const participant = db.prepare("SELECT * FROM users WHERE email = 'participant@demo.example'").get() as Row;
      const part = db.prepare('SELECT * FROM training_participants WHERE user_id = ?').get(participant.id) as Row & {
        training_id: string;
      };
      db.prepare(
        'UPDATE courses SET certificate_template_id = ? WHERE id = (SELECT course_id FROM trainings WHERE id = ?)',
      ).run(templateId, part.training_id);
      const now = new Date().toISOString();
      db.transaction(() => {
        for (let i = 0; i < LEARNERS; i++) {
          const id = `0190f000-0000-7000-8000-${String(i).padStart(12, '0')}`;
          const email = `kill-${i}@regenerate.example`;
          insertRow(db, 'users', {
            ...participant,
            id,
            email,
            email_normalized: email,
            username: null,
            username_normalized: null,
            last_name: `Lernende-${i}`,
          });
          insertRow(db, 'training_participants', {
            ...part,
            user_id: id,
            status: 'COMPLETED',
            started_at: now,
            completed_at: now,
          });
        }
      })();
      return part.training_id;
    });

    const first = await startServerProcess(env);
    let jobId = '';
    let atKill: JobAnswer;
    try {
      const admin = await signIn(first, 'admin@demo.example');
      const started = await admin(`/api/course-training/${trainingId}/certificates/regenerate`, {});
      expect(started.status).toBe(200);
      expect((started.body as { total: number }).total).toBe(LEARNERS);
      jobId = (started.body as { jobId: string }).jobId;
      atKill = await waitForJob(admin, jobId, (j) => (j.progress?.done ?? 0) >= 60);
      first.child.kill('SIGKILL');
    } finally {
      await first.stop('SIGKILL');
    }
    expect(atKill.progress?.done ?? 0).toBeLessThan(LEARNERS);

    // After the kill: every row names a whole PDF; at most the file under way has no row.
    const afterKill = withDb((db) => {
      const rows = db
        .prepare('SELECT user_id, file_key FROM course_certificates WHERE training_id = ?')
        .all(trainingId) as Array<{ user_id: string; file_key: string }>;
      db.prepare("UPDATE jobs SET lease_until = '2000-01-01T00:00:00.000Z' WHERE status = 'running'").run();
      return rows;
    });
    expect(afterKill.length).toBeGreaterThanOrEqual(60);
    expect(afterKill.length).toBeLessThan(LEARNERS);
    for (const r of afterKill) {
      const file = path.join(dataDir, 'files', ...r.file_key.split('/'));
      expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
    expect(certificateFiles().length - afterKill.length).toBeLessThanOrEqual(1);

    const second = await startServerProcess(env);
    let end: JobAnswer;
    try {
      const admin = await signIn(second, 'admin@demo.example');
      end = await waitForJob(admin, jobId, (j) => j.status !== 'running' && j.status !== 'queued');
    } finally {
      await second.stop('SIGTERM');
    }
    expect(end.status).toBe('succeeded');
    expect(end.result).toMatchObject({ total: LEARNERS, succeeded: LEARNERS, failed: 0 });

    const after = withDb((db) => ({
      rows: db
        .prepare('SELECT user_id, file_key FROM course_certificates WHERE training_id = ?')
        .all(trainingId) as Array<{ user_id: string; file_key: string }>,
      mails: db
        .prepare(
          "SELECT to_address AS a, count(*) AS n FROM mail_queue WHERE template_kind = 'certificate_issued' GROUP BY to_address",
        )
        .all() as Array<{ a: string; n: number }>,
      runs: (db.prepare('SELECT attempts AS n FROM jobs WHERE id = ?').get(jobId) as { n: number }).n,
    }));
    expect(new Set(after.rows.map((r) => r.user_id)).size).toBe(LEARNERS);
    expect(after.rows).toHaveLength(LEARNERS);
    // The resumed run did not make again what the first one had made: those rows name the same files.
    const keyOf = new Map(after.rows.map((r) => [r.user_id, r.file_key]));
    for (const r of afterKill) expect(keyOf.get(r.user_id)).toBe(r.file_key);
    for (const r of after.rows) expect(existsSync(path.join(dataDir, 'files', ...r.file_key.split('/')))).toBe(true);
    expect(certificateFiles().length - LEARNERS).toBeLessThanOrEqual(1);
    expect(after.mails).toHaveLength(LEARNERS);
    expect(after.mails.every((m) => m.n === 1)).toBe(true);
    expect(after.runs).toBe(2);
  }, 600_000);
});
