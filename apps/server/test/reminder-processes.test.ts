import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoRemindersSchedule } from '../src/features/reminders/reminder-auto.job';
import { newId, nowIso } from '../src/platform/ids';
import { enqueueJob } from '../src/platform/jobs-store';
import type { ScheduledRun } from '../src/platform/scheduler';
import { createClient, createUser } from './factories';
import { startServerProcess, type ServerProcess } from './server-process';
import { createTestDb, type TestDb } from './test-db';

const until = async (what: string, ok: () => Promise<boolean>, ms = 60_000): Promise<void> => {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

const DAY_MS = 86_400_000;
const dayOf = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);

// features/reminders/reminder-auto.job.ts: the daily automatic reminders. Two real server processes (main.ts) on one
// PostgreSQL database both tick the schedule and both run workers; a due reminder goes out exactly once, also when
// a second job for the same day runs beside the first, and again nothing twice after both processes restart.
describe.runIf(process.env.DATABASE_URL)('automatic reminders with two server processes on PostgreSQL', () => {
  let testDb: TestDb;
  let servers: ServerProcess[] = [];
  beforeAll(async () => {
    testDb = await createTestDb('postgres');
  });
  afterAll(async () => {
    for (const s of servers) await s.stop('SIGTERM');
    await testDb.drop();
  });

  it('sends each due reminder exactly once across processes, extra runs and a restart', async () => {
    const { db } = testDb;
    // The latest 06:00 UTC already past: a due time the schedule folds nothing later into (catchUp 'once').
    const day = Date.now() >= Date.parse(`${dayOf(0)}T06:00:00.000Z`) ? dayOf(0) : dayOf(-1);
    const now = nowIso();
    const client = await createClient(db);
    const users = [];
    for (let i = 0; i < 5; i++) users.push(await createUser(db, client, { locale: 'en-US' }));
    const templateId = newId();
    await db
      .insertInto('mail_templates')
      .values({ id: templateId, client_id: client.id, kind: 'reminder', name: 'R', created_at: now, updated_at: now })
      .execute();
    const courseId = newId();
    await db
      .insertInto('courses')
      .values({
        id: courseId,
        client_id: client.id,
        start_date: dayOf(-30),
        deadline: dayOf(30),
        duration_minutes: null,
        certificate_template_id: null,
        invitation_mail_template_id: null,
        reminder_mail_template_id: templateId,
        is_invitation_enabled: false,
        is_reminder_active: true,
        reminder_from: dayOf(-10),
        reminder_until: null,
        reminder_interval_days: 1,
        invoice_product_id: null,
        is_active: true,
        is_premium: false,
        search_text: 'brandschutz',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('course_texts')
      .values({
        course_id: courseId,
        client_id: client.id,
        locale: 'en-US',
        title: 'Fire safety',
        title_sort: 'fire safety',
        description: '',
      })
      .execute();
    const trainingId = newId();
    await db
      .insertInto('trainings')
      .values({ id: trainingId, client_id: client.id, course_id: courseId, created_at: now, updated_at: now })
      .execute();
    const statuses = ['PENDING', 'STARTED', 'PENDING', 'COMPLETED', 'OPTIONAL'];
    await db
      .insertInto('training_participants')
      .values(
        users.map((u, i) => ({
          training_id: trainingId,
          user_id: u.id,
          client_id: client.id,
          status: statuses[i]!,
          is_optional: statuses[i] === 'OPTIONAL',
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const open = users.filter((_, i) => ['PENDING', 'STARTED'].includes(statuses[i]!)).map((u) => u.id);

    const env = {
      DATABASE_URL: testDb.databaseUrl,
      DATA_DIR: testDb.dataDir,
      APP_SECRET: 'test-secret-0123456789abcdef0123456789',
      LMS_DEMO: '0',
      LOG_LEVEL: 'info',
    };
    const name = autoRemindersSchedule.name;
    const kind = autoRemindersSchedule.jobKind;
    const schedule = () => db.selectFrom('schedules').selectAll().where('name', '=', name).executeTakeFirst();
    const succeeded = async () =>
      (await db.selectFrom('jobs').select('id').where('kind', '=', kind).where('status', '=', 'succeeded').execute())
        .length;
    const reminders = () =>
      db.selectFrom('training_reminders').selectAll().where('training_id', '=', trainingId).execute();
    const mails = () =>
      db
        .selectFrom('mail_queue')
        .select('to_address')
        .where('client_id', '=', client.id)
        .where('template_kind', '=', 'reminder')
        .execute();
    /** Makes the schedule due at 06:00 UTC of `day` in both processes, plus a second job for that day beside it. */
    const fireTwice = async () => {
      const dueAt = `${day}T06:00:00.000Z`;
      const run: ScheduledRun = { schedule: name, dueAt, lastDueAt: dueAt, dueCount: 1, skipped: 0, data: null };
      await db.updateTable('schedules').set({ next_due_at: dueAt }).where('name', '=', name).execute();
      await enqueueJob(db, { clientId: null, kind, payload: run });
      await until(
        'the schedule to move on',
        async () => Date.parse((await schedule())?.next_due_at ?? '') > Date.now(),
      );
    };
    const expectOnce = async () => {
      const rows = await reminders();
      expect(rows.map((r) => r.user_id).sort()).toEqual([...open].sort());
      expect(rows.every((r) => r.kind === 'auto' && r.due_day === day && r.mail_id !== null)).toBe(true);
      expect((await mails()).length).toBe(open.length);
    };

    servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    await until('the schedule row', async () => (await schedule()) !== undefined);
    await fireTwice();
    await until('both reminder jobs', async () => (await succeeded()) >= 2);
    await expectOnce();

    // Both processes restart; the same day comes due again (and once more beside it): nothing is sent twice.
    await Promise.all(servers.map((s) => s.stop('SIGTERM')));
    servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    await fireTwice();
    await until('the reminder jobs after the restart', async () => (await succeeded()) >= 4);
    await new Promise((r) => setTimeout(r, 1_500));
    await expectOnce();
    const jobs = await db.selectFrom('jobs').select(['status', 'result']).where('kind', '=', kind).execute();
    expect(jobs).toHaveLength(4);
    const sent = jobs.map((j) => (JSON.parse(j.result ?? '{}') as { sent?: number }).sent ?? 0);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(open.length);
  }, 180_000);
});
