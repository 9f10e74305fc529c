import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../apps/server/test/free-port';
import { provisionTestDb } from '../apps/server/test/test-db';
import { openTestDatabase, type TestDatabase } from './database';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The password of every demo user in the journeys (LMS_DEMO_PASSWORD). */
export const DEMO_PASSWORD = 'Journey-Demo-2024!';

export interface TestServer {
  port: number;
  contentPort: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** An address of the app, e.g. url('/login') or url('/', 'beta.localhost'); Chromium maps every host to 127.0.0.1. */
  url: (pathname?: string, host?: string) => string;
  db: TestDatabase;
  stop: () => Promise<void>;
}

async function waitForHealth(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy within 60 s:\n${log()}`);
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** With STORAGE=s3 (README "Tests with S3 storage") the server keeps its files in the run's bucket, under a prefix of its own. */
function s3Env(dataDir: string): NodeJS.ProcessEnv {
  const e = process.env;
  if (e.STORAGE !== 's3') return {};
  const { STORAGE, S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = e;
  const S3_PREFIX = `${e.S3_PREFIX ?? ''}${path.basename(dataDir)}/`;
  return { STORAGE, S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_PREFIX };
}

/**
 * Starts the real server (apps/server/src/main.ts) on free ports with a fresh data folder and demo data.
 * `extraEnv` adds settings, e.g. SMTP_URL of a test SMTP server.
 */
export async function startServer(
  extraEnv: NodeJS.ProcessEnv = {},
  opts: { keepDemoTraining?: boolean } = {},
): Promise<TestServer> {
  const [port, contentPort] = [await freePort(), await freePort()];
  // A copy of the migrated template, as the integration tests get (PostgreSQL: 3 s of migrating saved per journey).
  const provisioned = await provisionTestDb(process.env.DATABASE_URL ? 'postgres' : 'sqlite', 'lms-e2e-');
  const { dataDir, databaseUrl } = provisioned;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    CONTENT_PORT: String(contentPort),
    CONTENT_ORIGIN: `http://127.0.0.1:${contentPort}`,
    DATA_DIR: dataDir,
    LMS_DEMO: '1',
    LMS_DEMO_PASSWORD: DEMO_PASSWORD,
    LOG_LEVEL: 'warn',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...s3Env(dataDir),
    ...extraEnv,
  };
  // node --import tsx runs main.ts in this one child, so SIGTERM reaches the server's own shutdown handler.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, env });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  try {
    await waitForHealth(port, child, () => output);
  } catch (err) {
    child.kill('SIGKILL');
    await provisioned.drop();
    throw err;
  }
  // A server that dies during a journey shows up as refused connections; say why, with its last output.
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping)
      process.stderr.write(`e2e server on port ${port} exited (${code ?? signal}) mid-journey:\n${output}\n`);
  });
  const db = openTestDatabase(databaseUrl, provisioned.sqliteFile);
  // The journeys start as returning users: the dashboard's welcome dialog (shown once) would cover their first
  // page. The journey about the dialog sets it back for its user.
  await db.run('UPDATE users SET is_welcome_dialog_seen = ?', [true]);
  // The journeys arrange their own courses and trainings from an empty start: the demo's course with its training
  // for Vertrieb (features/demo/demo-training.ts) is removed again, children first.
  // `keepDemoTraining` keeps them for a journey that only looks at the screens (e2e/screens.e2e.ts).
  if (!opts.keepDemoTraining) {
    for (const table of ['training_participants', 'training_groups', 'trainings', 'module_texts', 'modules'])
      await db.run(`DELETE FROM ${table}`);
    await db.run('DELETE FROM course_texts');
    await db.run('DELETE FROM courses');
    // The demo course's certificate template (features/demo/demo-certificate.ts) goes with it.
    await db.run('DELETE FROM certificate_template_locales');
    await db.run('DELETE FROM certificate_templates');
  }
  return {
    port,
    contentPort,
    dataDir,
    databaseUrl,
    url: (pathname = '/', host = 'localhost') => `http://${host}:${port}${pathname}`,
    db,
    stop: async () => {
      stopping = true;
      await db.close();
      child.kill('SIGTERM');
      if (!(await waitForExit(child, 10_000))) child.kill('SIGKILL');
      await provisioned.drop();
    },
  };
}
