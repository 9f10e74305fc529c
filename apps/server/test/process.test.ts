import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { requestJson, startServerProcess } from './server-process';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lms-process-'));
const PASSWORD = 'Demo-Process-2026!';
const env = {
  LOG_LEVEL: 'info',
  DATA_DIR: dataDir,
  LMS_DEMO: '1',
  LMS_DEMO_PASSWORD: PASSWORD,
  DATABASE_URL: undefined,
};
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const DEMO_USERS = [
  'participant',
  'coordinator',
  'content',
  'reseller-coordinator',
  'reseller',
  'admin',
  'superadmin',
].map((name) => `${name}@demo.example`);
const login = (baseUrl: string, email: string) =>
  requestJson(baseUrl, {
    path: '/api/user/login',
    host: 'localhost',
    body: { emailOrUsername: email, password: PASSWORD },
  });
const currentClient = async (baseUrl: string) =>
  (await requestJson(baseUrl, { path: '/api/client/current', host: 'localhost' })).body;

it('finishes in-flight requests on SIGTERM, exits 0 within 10 s, and keeps all data across a restart', async () => {
  const first = await startServerProcess(env);
  // main.ts froze the shared prototypes before serving (platform/freeze-intrinsics.ts); the demo seed, the logins,
  // the mail queue and the shutdown below all run with them frozen.
  expect(first.output()).toMatch(/"frozen":true/);
  const clientBefore = await currentClient(first.baseUrl);

  // Logins hash with argon2id, so a batch of them is still running when the signal arrives. Each signs in another
  // demo user: a second check for an account whose check is running is refused (auth/login-slots.ts).
  const inFlight = DEMO_USERS.map((email) => login(first.baseUrl, email));
  // Signal once the server has accepted every request (requests not yet accepted would rightly be refused).
  while ((first.output().match(/"url":"\/api\/user\/login"/g) ?? []).length < DEMO_USERS.length) {
    await new Promise((r) => setTimeout(r, 5));
  }
  const stopped = first.stop('SIGTERM');
  const answers = await Promise.all(inFlight);
  expect(answers.map((a) => a.status)).toEqual(DEMO_USERS.map(() => 200));
  const { code, ms } = await stopped;
  expect(code).toBe(0);
  expect(ms).toBeLessThan(10_000);

  const second = await startServerProcess(env);
  try {
    const clientAfter = await currentClient(second.baseUrl);
    expect(clientAfter).toEqual(clientBefore); // same row: the database was kept and not reseeded
    expect((await login(second.baseUrl, 'participant@demo.example')).status).toBe(200);
  } finally {
    expect((await second.stop('SIGINT')).code).toBe(0);
  }
}, 120_000);
