import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../test/factories';
import { mailStatusCounts } from '../../../test/mail-test-kit';
import { startServerProcess, type ServerProcess } from '../../../test/server-process';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp-test-server';
import { createTestDb, type TestDb } from '../../../test/test-db';
import { enqueueMail } from './mail-queue';

const MAILS = 1_000;

// ARCHITECTURE section 7: on PostgreSQL every app process runs workers that claim jobs with FOR UPDATE SKIP LOCKED.
// Two real server processes (main.ts, as `npm start` runs it) share one queue: each mail arrives exactly once.
// SQLite has a single worker by design (one process owns the file), so this runs where CI sets DATABASE_URL.
describe.runIf(process.env.DATABASE_URL)('two server processes on PostgreSQL drain one mail queue', () => {
  let smtp: TestSmtp;
  let testDb: TestDb;
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    [smtp, testDb] = await Promise.all([startTestSmtp(), createTestDb('postgres')]);
  });
  afterAll(async () => {
    for (const s of servers) await s.stop('SIGTERM');
    await smtp.stop();
    await testDb.drop();
  });

  it(`delivers ${MAILS} mails, each exactly once, both processes taking part`, async () => {
    const env = {
      DATABASE_URL: testDb.databaseUrl,
      DATA_DIR: testDb.dataDir,
      APP_SECRET: 'test-secret-0123456789abcdef0123456789',
      SMTP_URL: smtp.url,
      SMTP_ALLOW_PRIVATE: '1',
      LMS_DEMO: '0',
      LOG_LEVEL: 'debug',
    };
    servers.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));
    const client = await createClient(testDb.db);
    await testDb.db.transaction().execute(async (trx) => {
      for (let i = 0; i < MAILS; i++)
        await enqueueMail(trx, client.id, {
          to: `p${i}@example.test`,
          subject: `Prozess ${i}`,
          text: 't',
          locale: 'de-DE',
        });
    });
    await smtp.waitForMessages(MAILS, 150_000);
    // A little longer: a second delivery of any mail would show up now.
    await new Promise((r) => setTimeout(r, 1_000));

    const subjects = smtp.messages.map((m) => m.subject);
    expect(subjects).toHaveLength(MAILS);
    expect(new Set(subjects).size).toBe(MAILS);
    const ran = servers.map((s) => (s.output().match(/"msg":"job done"/g) ?? []).length);
    expect(
      ran.every((n) => n > 0),
      `jobs per process: ${ran.join(', ')}`,
    ).toBe(true);
    expect(ran[0]! + ran[1]!).toBe(MAILS);
    expect(await mailStatusCounts(testDb.db, client.id)).toEqual([{ status: 'sent', n: MAILS, maxAttempts: 1 }]);
  }, 240_000);
});
