import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { issueCertificate } from '../src/features/certificates/certificate-issue';
import { addParticipants, addTraining } from '../src/features/certificates/test-certificates';
import { retentionCleanupSchedule } from '../src/features/jobs/retention-cleanup.job';
import {
  golfZip,
  moduleData,
  TINY_PDF,
  TINY_PNG,
  postMultipart,
  uploadModule,
} from '../src/features/modules/test-upload';
import { nowIso } from '../src/platform/ids';
import type { ScheduledRun } from '../src/platform/scheduler';
import { createClient, createUser, TEST_PASSWORD, type TestUser } from './factories';
import { startS3TestServer, type S3TestServer } from './s3-test-server';
import { startServerProcess, type ServerProcess } from './server-process';
import type { Caller } from './test-app';
import { createTestDb, type TestDb } from './test-db';

// Issue 16, acceptance: N identical processes on PostgreSQL with files in S3-compatible storage. Two real server
// processes (main.ts) share one database and one bucket (s3rver on 127.0.0.1); each has its own DATA_DIR, and A's is
// deleted halfway, so whatever B serves afterwards comes from the database and the bucket.

/** A Caller over a real socket (the test kit's helpers take one), with the Host header of the tenant. */
function httpCaller(baseUrl: string, host: string, token?: string): Caller {
  const inject = (opts: InjectOptions): Promise<LightMyRequestResponse> => {
    const url = new URL(opts.url as string, baseUrl);
    const payload =
      opts.payload === undefined
        ? undefined
        : Buffer.isBuffer(opts.payload)
          ? opts.payload
          : Buffer.from(JSON.stringify(opts.payload));
    const headers: Record<string, string> = {
      host,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(payload && !Buffer.isBuffer(opts.payload) ? { 'content-type': 'application/json' } : {}),
      ...(opts.headers as Record<string, string> | undefined),
    };
    return new Promise((resolve, reject) => {
      const req = httpRequest(url, { method: opts.method ?? 'GET', headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          resolve({
            statusCode: res.statusCode ?? 0,
            headers: res.headers,
            rawPayload: raw,
            body: raw.toString('utf8'),
            payload: raw.toString('utf8'),
            json: () => JSON.parse(raw.toString('utf8')) as unknown,
          } as unknown as LightMyRequestResponse);
        });
      });
      req.on('error', reject);
      req.end(payload);
    });
  };
  return {
    inject,
    get: (url) => inject({ method: 'GET', url }),
    post: (url, body) => inject({ method: 'POST', url, ...(body === undefined ? {} : { payload: body as object }) }),
    del: (url, body) => inject({ method: 'DELETE', url, ...(body === undefined ? {} : { payload: body as object }) }),
  };
}

async function signInOver(server: ServerProcess, user: TestUser): Promise<Caller> {
  const res = await httpCaller(server.baseUrl, user.host).post('/api/user/login', {
    emailOrUsername: user.email,
    password: TEST_PASSWORD,
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return httpCaller(server.baseUrl, user.host, res.json<{ token: string }>().token);
}

const until = async (what: string, ok: () => Promise<boolean>, ms = 30_000): Promise<void> => {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

const SKIP = process.env.DATABASE_URL ? '' : ' (skipped: needs PostgreSQL, DATABASE_URL is not set)';

describe.skipIf(SKIP !== '')(`two server processes on PostgreSQL with S3 storage${SKIP}`, () => {
  let testDb: TestDb;
  let s3: S3TestServer;
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    testDb = await createTestDb('postgres');
    // A bucket of its own, whatever STORAGE the run has.
    s3 = await startS3TestServer('scale-out');
    env = {
      ...s3.env,
      S3_PREFIX: `${path.basename(testDb.dataDir)}/`,
      DATABASE_URL: testDb.databaseUrl ?? '',
      APP_SECRET: 'test-secret-0123456789abcdef0123456789',
      LMS_DEMO: '0',
    };
    for (const name of ['a', 'b']) dirs.push(mkdtempSync(path.join(os.tmpdir(), `lms-scale-${name}-`)));
    servers.push(...(await Promise.all(dirs.map((dir) => startServerProcess({ ...env, DATA_DIR: dir })))));
  }, 120_000);
  afterAll(async () => {
    for (const s of servers) await s.stop('SIGTERM');
    await s3?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    await testDb?.drop();
  });

  it('uploads through A, serves through B after A lost its disk, shares the login limit and runs a clean-up once', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const { db } = testDb;
    const client = await createClient(db);
    const contentUser = await createUser(db, client, { role: 'CONTENT_MASTER' });
    const learnerUser = await createUser(db, client);
    const onA = await signInOver(a, contentUser);
    const onB = await signInOver(b, contentUser);
    const learnerOnB = await signInOver(b, learnerUser);

    // 1. A SCORM package, a course file (PDF and logo) and a certificate template's course, all through A.
    const template = await onA.post('/api/certificate-template', {
      name: 'Standard',
      locales: { 'de-DE': { subtitle: 'Bescheinigung', body: '{{name}} hat „{{course}}“ abgeschlossen.' } },
    });
    expect(template.statusCode, template.body).toBe(200);
    const course = await onA.post('/api/courses', {
      i18n: { 'de-DE': { title: 'Golf', description: '' } },
      certificateTemplateId: template.json<{ id: string }>().id,
    });
    const courseId = course.json<{ id: string }>().id;
    const uploaded = await uploadModule(onA, courseId, await golfZip('RuntimeMinimumCalls_SCORM12'), {
      data: moduleData('Golf', 30),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const moduleId = uploaded.json<{ id: string }>().id;
    const file = await postMultipart(onA, `/api/courses/${courseId}/files`, [
      { name: 'data', value: JSON.stringify({ locale: 'de-DE', fileName: 'Merkblatt.pdf' }) },
      { name: 'pdf', filename: 'x.bin', content: TINY_PDF },
      { name: 'logo', filename: 'logo.dat', content: TINY_PNG },
    ]);
    expect(file.statusCode, file.body).toBe(200);
    const fileId = file.json<{ id: string }>().id;

    // 2. A's local data folder goes.
    rmSync(dirs[0] as string, { recursive: true, force: true });

    // 3. The package plays through B's content origin.
    const launch = await onB.post(`/api/courses/${courseId}/modules/${moduleId}/preview-launch`, { restart: false });
    expect(launch.statusCode, launch.body).toBe(200);
    const launchUrl = new URL(launch.json<{ launchUrl: string }>().launchUrl);
    expect(launchUrl.port).toBe(String(b.contentPort));
    const token = launchUrl.pathname.split('/')[2] ?? '';
    const content = httpCaller(`http://127.0.0.1:${b.contentPort}`, launchUrl.host);
    expect((await content.get(`/player/${token}/`)).statusCode).toBe(200);
    const page = await content.get(`/content/${token}/shared/launchpage.html`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('private, max-age=300');
    expect(page.body).toContain('Course Launch Page');
    const part = await content.inject({
      method: 'GET',
      url: `/content/${token}/shared/launchpage.html`,
      headers: { range: 'bytes=0-9' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe(page.body.slice(0, 10));
    const again = await content.inject({
      method: 'GET',
      url: `/content/${token}/shared/launchpage.html`,
      headers: { 'if-none-match': String(page.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    // 4. A course file and a certificate download through B.
    const pdf = await onB.get(`/api/courses/${courseId}/files/${fileId}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.equals(TINY_PDF)).toBe(true);
    const trainingId = await addTraining(db, client.id, courseId);
    await addParticipants(db, client.id, trainingId, [learnerUser.id], nowIso());
    // The certificate job's own function, writing into the bucket from a third place (no disk of A or B).
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'lms-scale-job-'));
    dirs.push(scratch);
    const config = loadConfig({ ...env, NODE_ENV: 'test', DATA_DIR: scratch });
    expect(config.storage.kind).toBe('s3');
    expect(await issueCertificate({ config, db, dialect: 'postgres' }, client.id, trainingId, learnerUser.id)).toBe(
      'issued',
    );
    const mine = await learnerOnB.get('/api/course-certificate');
    const certificateId = mine.json<{ items: { id: string }[] }>().items[0]?.id;
    const certificate = await learnerOnB.get(`/api/course-certificate/${certificateId}/download`);
    expect(certificate.statusCode, certificate.body).toBe(200);
    expect(certificate.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // 5. A scheduled clean-up runs once: both processes tick, one enqueues, one worker runs it.
    const old = new Date(Date.now() - 3 * 86_400_000);
    await db
      .insertInto('rate_limit_hits')
      .values({ bucket: 'login', subject: '192.0.2.1', window_start: old.toISOString(), hits: 1 })
      .execute();
    const due = '2020-01-10T03:45:00.000Z';
    const schedule = retentionCleanupSchedule.name;
    await until('the schedule row', async () =>
      Boolean(await db.selectFrom('schedules').select('name').where('name', '=', schedule).executeTakeFirst()),
    );
    await db.updateTable('schedules').set({ next_due_at: due }).where('name', '=', schedule).execute();
    const runs = () => db.selectFrom('jobs').selectAll().where('kind', '=', retentionCleanupSchedule.jobKind).execute();
    await until('the clean-up to succeed', async () => (await runs()).some((j) => j.status === 'succeeded'));
    await new Promise((r) => setTimeout(r, 2_000));
    const jobs = await runs();
    expect(jobs.map((j) => (JSON.parse(j.payload) as ScheduledRun).dueAt)).toEqual([due]);
    expect(
      await db.selectFrom('rate_limit_hits').select('subject').where('subject', '=', '192.0.2.1').execute(),
    ).toEqual([]);

    // 6. The per-IP login limit counts across both: 40 tries, alternating, meet 429 on both long before the end
    // (with a count per process each would allow 30, so all 40 would pass).
    const statuses: { server: string; status: number }[] = [];
    for (let i = 0; i < 40; i++) {
      const server = i % 2 ? b : a;
      const res = await httpCaller(server.baseUrl, client.host).post('/api/user/login', {
        emailOrUsername: `nobody-${i}@example.com`,
        password: 'wrong-password',
      });
      statuses.push({ server: server === a ? 'A' : 'B', status: res.statusCode });
    }
    const passed = statuses.filter((s) => s.status !== 429);
    expect(passed.length).toBeLessThanOrEqual(30);
    expect(new Set(statuses.filter((s) => s.status === 429).map((s) => s.server))).toEqual(new Set(['A', 'B']));
  }, 180_000);
});
