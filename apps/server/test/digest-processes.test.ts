import { afterAll, expect, it } from 'vitest';
import { writeClientSetting } from '../src/features/clients/client-setting-values';
import { digestSchedule } from '../src/features/digest/digest.job';
import { isoWeek, isoWeekday } from '../src/features/digest/digest-week';
import { countIndependently, digestLines } from '../src/features/digest/test-digest';
import { createCourse } from '../src/features/trainings/test-trainings';
import { enqueueJob } from '../src/platform/jobs-store';
import { createClient, createUser, signIn } from './factories';
import { createGroup } from './group-factories';
import { startServerProcess, type ServerProcess } from './server-process';
import { startTestSmtp, type TestSmtp } from './smtp-test-server';
import { describeEachDialect } from './test-app';

// Issue 31 point 4: the weekly digest with two real server processes (main.ts, as `npm start` runs it) on one
// database, both ticking the scheduler and running job workers: each coordinator's digest arrives at the SMTP
// server exactly once. The schedule's row is set due a minute ago (as the scheduler leaves it the day before), and
// the client's digest day is today, so both processes fire the weekly run at their first tick; two more digest jobs
// (a retry, a rolling deploy's second scheduler) then run on both processes at once and send nothing more: the
// week's row in coordinator_digests is claimed in the transaction that queues the mail.

const servers: ServerProcess[] = [];
let smtp: TestSmtp | undefined;
afterAll(async () => {
  for (const s of servers) await s.stop('SIGTERM');
  await smtp?.stop();
});

describeEachDialect('weekly digest with two server processes', (ctx) => {
  it('sends each coordinator one digest per week, however many processes and jobs run it', async () => {
    const { app, deps, testDb } = ctx();
    const now = new Date();
    const yesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
    const client = await createClient(deps.db);
    await writeClientSetting(deps.db, client.id, 'digestWeekday', isoWeekday(now));
    const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN' }));
    const [m1, m2, m3] = [
      await createUser(deps.db, client),
      await createUser(deps.db, client),
      await createUser(deps.db, client),
    ];
    const c1 = await createUser(deps.db, client, { role: 'COORDINATOR', locale: 'en-US' });
    const c2 = await createUser(deps.db, client, { role: 'COORDINATOR', locale: 'en-US' });
    const lager = await createGroup(deps.db, client, { name: 'Lager', members: [m1, m2], coordinators: [c1] });
    const versand = await createGroup(deps.db, client, { name: 'Versand', members: [m3], coordinators: [c2] });
    const course = await createCourse(admin, { modules: 1, invitation: false });
    const training = await admin.post('/api/course-training', {
      courseId: course.courseId,
      groupIds: [lager.id, versand.id],
      deadline: yesterday,
    });
    expect(training.statusCode, training.body).toBe(200);
    await deps.db
      .insertInto('schedules')
      .values({
        name: digestSchedule.name,
        interval_spec: digestSchedule.interval,
        next_due_at: new Date(now.getTime() - 60_000).toISOString(),
        last_due_at: null,
        last_run_at: null,
        last_job_id: null,
        updated_at: now.toISOString(),
      })
      .execute();

    smtp = await startTestSmtp();
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
    const mails = await smtp.waitForMessages(2, 90_000);

    // Two more runs of the week's job, on both processes at once.
    await deps.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 2; i++)
        await enqueueJob(trx, { clientId: null, kind: digestSchedule.jobKind, payload: { extra: i } }, new Date());
    });
    const deadline = Date.now() + 60_000;
    for (;;) {
      const open = await deps.db
        .selectFrom('jobs')
        .select('id')
        .where('kind', '=', digestSchedule.jobKind)
        .where('status', '!=', 'succeeded')
        .execute();
      if (open.length === 0) break;
      if (Date.now() > deadline) throw new Error('digest jobs still open');
      await new Promise((r) => setTimeout(r, 200));
    }
    // A second mail of any coordinator would have arrived by now.
    await new Promise((r) => setTimeout(r, 3_000));
    expect(smtp.messages).toHaveLength(2);
    expect(mails.map((m) => JSON.stringify(m.to)).filter((to) => to.includes(c1.email))).toHaveLength(1);
    expect(mails.map((m) => JSON.stringify(m.to)).filter((to) => to.includes(c2.email))).toHaveLength(1);
    const jobs = await deps.db
      .selectFrom('jobs')
      .select(['status'])
      .where('kind', '=', digestSchedule.jobKind)
      .execute();
    // The scheduler's one job for the due time (two schedulers, one compare-and-set) and the two added.
    expect(jobs).toEqual([{ status: 'succeeded' }, { status: 'succeeded' }, { status: 'succeeded' }]);
    const rows = await deps.db
      .selectFrom('coordinator_digests')
      .select(['user_id', 'iso_week', 'is_sent'])
      .where('client_id', '=', client.id)
      .orderBy('user_id')
      .execute();
    expect(rows).toEqual([c1.id, c2.id].sort().map((id) => ({ user_id: id, iso_week: isoWeek(now), is_sent: true })));
    const queued = await deps.db
      .selectFrom('mail_queue')
      .select(['to_address', 'status'])
      .where('client_id', '=', client.id)
      .where('template_kind', '=', 'digest')
      .execute();
    expect(queued).toHaveLength(2);
    // Each names its coordinator's group with the figure counted again here, and links it.
    for (const [who, group] of [
      [c1, lager],
      [c2, versand],
    ] as const) {
      const mail = mails.find((m) => JSON.stringify(m.to).includes(who.email))!;
      const expected = await countIndependently(deps.db, client.id, group.id, now, yesterday);
      expect(expected.overdue).toBe(group === lager ? 2 : 1);
      expect(digestLines(mail).map((l) => [l.section, l.groupName, l.count, l.url.search])).toEqual([
        ['overdue', group.name, expected.overdue, `?state=overdue&group=${group.id}`],
      ]);
    }
    // Both processes took part in the work (the digest job in one, the mails wherever they were claimed).
    const done = servers.map((s) => (s.output().match(/"msg":"job done"/g) ?? []).length);
    expect(done.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(5);
    for (const s of servers) await s.stop('SIGTERM');
    servers.length = 0;
    await smtp.stop();
    smtp = undefined;
  }, 240_000);
});
