import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { DEMO_USERS } from '../src/features/demo/demo-seed';
import { fileStore, readFromStorage } from '../src/platform/storage';
import { requestJson, startServerProcess } from './server-process';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lms-demo-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
// With STORAGE=s3 the server's files go under a prefix of their own in the run's bucket.
const storageEnv = { S3_PREFIX: `${path.basename(dataDir)}/` };

const HOSTS = { Demo: 'localhost', Beta: 'beta.localhost' } as const;

// What `npm start` does on a fresh machine: embedded SQLite in DATA_DIR, demo data, a generated password in the log.
it('seeds Demo and Beta on first start, prints the generated password, and every demo user signs in', async () => {
  const server = await startServerProcess({ DATA_DIR: dataDir, LMS_DEMO: '1', DATABASE_URL: undefined, ...storageEnv });
  try {
    const password = /Password of every demo user: (\S+?)"/.exec(server.output())?.[1];
    expect(password, server.output()).toBeTruthy();
    // The start banner names the address that answers (not the sockets' 127.0.0.1 or the machine's IP) and the
    // password, in plain lines; and the start prints no warning (FSTDEP022 was one, at every start).
    const banner = server.output().slice(server.output().indexOf('Training platform is running.'));
    expect(banner, server.output()).toContain(`Open http://localhost:${server.port} `);
    expect(banner).toContain(`Demo password: ${password} `);
    expect(server.output()).not.toMatch(/Warning|FSTDEP|listening at http/);

    for (const [name, host] of Object.entries(HOSTS)) {
      const current = await requestJson(server.baseUrl, { path: '/api/client/current', host });
      expect(current).toMatchObject({ status: 200, body: { name } });
    }
    const unknown = await requestJson(server.baseUrl, { path: '/api/client/current', host: 'nowhere.example' });
    expect(unknown).toEqual({ status: 404, body: expect.objectContaining({ error: 'client_not_found' }) as unknown });

    const tokens = new Map<string, string>();
    for (const user of DEMO_USERS) {
      const res = await requestJson(server.baseUrl, {
        path: '/api/user/login',
        host: HOSTS[user.client],
        body: { emailOrUsername: user.email, password },
      });
      expect(`${user.email} -> ${res.status}`).toBe(`${user.email} -> 200`);
      const token = (res.body as { token: string }).token;
      const info = await requestJson(server.baseUrl, { path: '/api/user/info', host: HOSTS[user.client], token });
      expect(info.body).toMatchObject({ email: user.email, role: user.role, passwordChangeRequired: false });
      tokens.set(user.email, token);
    }
    // The demo coordinator coordinates a group, so the coordination screens show its participant.
    const coordinated = await requestJson(server.baseUrl, {
      path: '/api/users',
      host: 'localhost',
      token: tokens.get('coordinator@demo.example'),
    });
    expect((coordinated.body as { items: { email: string }[] }).items.map((u) => u.email)).toEqual([
      'participant@demo.example',
    ]);
    // The demo training of a PDF course for Vertrieb: on the participant's dashboard and in the coordinator's table.
    const mine = await requestJson(server.baseUrl, {
      path: '/api/user-course-trainings',
      host: 'localhost',
      token: tokens.get('participant@demo.example'),
    });
    const [training] = (mine.body as { items: { id: string; deadline: string | null; modules: { id: string }[] }[] })
      .items;
    expect(mine.body).toMatchObject({
      items: [{ title: 'Datenschutz im Vertrieb', status: 'PENDING', modules: [{ kind: 'pdf', locked: false }] }],
    });
    expect(training?.deadline).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const trainings = await requestJson(server.baseUrl, {
      path: '/api/course-training',
      host: 'localhost',
      token: tokens.get('coordinator@demo.example'),
    });
    expect(trainings.body).toMatchObject({
      total: 1,
      items: [{ courseTitle: 'Datenschutz im Vertrieb', groups: [{ name: 'Vertrieb' }], counts: { pending: 1 } }],
    });
    // Its PDF is in the file storage, a one-page document (the premium course's guide is the demo's other PDF).
    const config = { ...loadConfig({ ...process.env, ...storageEnv, DATA_DIR: dataDir }), dataDir };
    const pdfs: string[] = [];
    for await (const f of fileStore(config).list('')) if (f.key.endsWith('document.pdf')) pdfs.push(f.key);
    expect(pdfs).toHaveLength(2);
    const pdf = (await readFromStorage(config, pdfs[0] ?? '', 1_000_000))?.toString('latin1') ?? '';
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf).toContain('/Count 1');
    // A token of Beta is refused on Demo's host (ARCHITECTURE section 4).
    const crossed = await requestJson(server.baseUrl, {
      path: '/api/user/info',
      host: 'localhost',
      token: tokens.get('admin@beta.example'),
    });
    expect(crossed.status).toBe(401);
  } finally {
    expect((await server.stop('SIGTERM')).code).toBe(0);
  }
  // A second start finds data and seeds nothing (no new password in the log).
  const again = await startServerProcess({ DATA_DIR: dataDir, LMS_DEMO: '1', DATABASE_URL: undefined, ...storageEnv });
  try {
    expect(again.output()).not.toContain('Password of every demo user');
    expect(again.output()).toContain(`Open http://localhost:${again.port} `);
    expect(again.output()).not.toContain('Demo password');
  } finally {
    await again.stop('SIGTERM');
  }
}, 120_000);
