import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser, type TestUser } from '../../../test/factories';
import { createGroup } from '../../../test/group-factories';
import { startServerProcess, type ServerProcess } from '../../../test/server-process';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp-test-server';
import { createTestDb, type TestDb } from '../../../test/test-db';
import { newId, nowIso } from '../../platform/ids';
import { addParticipants, addTraining } from '../certificates/test-certificates';
import { insertDemoCourse } from '../demo/demo-course';
import { digestSchedule } from './digest.job';

const COORDINATORS = 6;
const DAY_MS = 86_400_000;

// Issue 31 point 4: "once per week per coordinator, even with several processes". Two real server processes
// (main.ts, as `npm start` runs it) on one PostgreSQL database, whose schedulers both find the digest due now: each
// coordinator gets one mail, and a second run in the same week sends none. SQLite has one process by design (one
// process owns the file), so this runs where CI sets DATABASE_URL; digest.test.ts checks the figures on both.
describe.runIf(process.env.DATABASE_URL)('the weekly digest with two server processes on PostgreSQL', () => {
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

  it(`mails each of ${COORDINATORS} coordinators once, both schedulers finding the digest due`, async () => {
    const { db } = testDb;
    const client = await createClient(db);
    const now = nowIso();
    const courseId = newId();
    await insertDemoCourse(
      db,
      {
        id: courseId,
        clientId: client.id,
        durationMinutes: 30,
        isPremium: false,
        texts: { 'de-DE': { title: 'Erste Hilfe', description: 'Kurs' } },
      },
      now,
    );
    const trainingId = await addTraining(db, client.id, courseId);
    // Each coordinator's group has a member who completed yesterday: "completed this week", so every digest is sent
    // (a week with nothing to say is recorded, not mailed).
    const coordinators: TestUser[] = [];
    const members: TestUser[] = [];
    for (let i = 0; i < COORDINATORS; i++) {
      const coordinator = await createUser(db, client, { role: 'COORDINATOR', locale: 'de-DE' });
      const member = await createUser(db, client);
      const group = await createGroup(db, client, {
        name: `Gruppe ${i}`,
        members: [member],
        coordinators: [coordinator],
      });
      await db
        .insertInto('training_groups')
        .values({ client_id: client.id, training_id: trainingId, group_id: group.id, created_at: now })
        .execute();
      coordinators.push(coordinator);
      members.push(member);
    }
    const yesterday = new Date(Date.parse(`${now.slice(0, 10)}T12:00:00.000Z`) - DAY_MS).toISOString();
    await addParticipants(
      db,
      client.id,
      trainingId,
      members.map((m) => m.id),
      yesterday,
    );
    // The digest's schedule was due a minute ago (as after its daily time): both processes find it due at start.
    await db
      .insertInto('schedules')
      .values({
        name: digestSchedule.name,
        interval_spec: digestSchedule.interval,
        next_due_at: new Date(Date.now() - 60_000).toISOString(),
        last_due_at: null,
        last_run_at: null,
        last_job_id: null,
        updated_at: now,
      })
      .execute();

    const env = {
      DATABASE_URL: testDb.databaseUrl,
      DATA_DIR: testDb.dataDir,
      APP_SECRET: 'test-secret-0123456789abcdef0123456789',
      SMTP_URL: smtp.url,
      SMTP_ALLOW_PRIVATE: '1',
      LMS_DEMO: '0',
    };
    servers.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));
    await smtp.waitForMessages(COORDINATORS, 90_000);
    // A little longer: a second digest to anyone would show up now.
    await new Promise((r) => setTimeout(r, 2_000));

    const recipients = smtp.messages.flatMap((m) =>
      (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) => a.value.map((v) => v.address ?? '')),
    );
    expect(recipients.sort()).toEqual(coordinators.map((c) => c.email).sort());
    const rows = await db
      .selectFrom('coordinator_digests')
      .select(['user_id', 'is_sent'])
      .where('client_id', '=', client.id)
      .execute();
    expect(rows.map((r) => r.user_id).sort()).toEqual(coordinators.map((c) => c.id).sort());
    expect(rows.every((r) => r.is_sent)).toBe(true);
    const jobs = await db.selectFrom('jobs').select(['status']).where('kind', '=', digestSchedule.jobKind).execute();
    expect(jobs).toEqual([{ status: 'succeeded' }]);
  }, 240_000);
});
