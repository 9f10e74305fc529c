import { expect, it } from 'vitest';
import { createClient, createUser, signIn } from '../../../test/factories';
import { createGroup } from '../../../test/group-factories';
import { drainJobs, mailHandler, TestClock, workerDeps } from '../../../test/mail-test-kit';
import { startTestSmtp } from '../../../test/smtp-test-server';
import { describeEachDialect, type TestContext } from '../../../test/test-app';
import { idOf, trainingWorld } from '../trainings/test-trainings';
import { runDueJobs } from '../../platform/jobs';
import { enqueueJob } from '../../platform/jobs-store';
import type { ScheduledRun } from '../../platform/scheduler';
import { autoRemindersSchedule, createAutoRemindersHandler, sendDueReminders } from './reminder-auto.job';

const DAY_MS = 86_400_000;
const dayOf = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);

describeEachDialect('reminders', (ctx) => {
  /**
   * A training of a group of `members` (en-US) whose course runs from 30 days ago to 30 days ahead and names its
   * own reminder template. Member 0 has started, 1 has completed, 2 is OPTIONAL, the others are PENDING.
   */
  const setup = async (members = 4) => {
    const { app, deps } = ctx();
    const w = await trainingWorld(ctx, { members });
    const template = idOf(
      await w.admin.post('/api/mail-template', {
        kind: 'reminder',
        name: 'Erinnerung',
        locales: {
          'en-US': {
            subject: 'Reminder: {{courseTitle}}',
            bodyText: 'Hello {{firstName}}, please finish {{courseTitle}} by {{deadline}}: {{link}}',
            bodyHtml: null,
          },
        },
      }),
    );
    await deps.db
      .updateTable('courses')
      .set({ reminder_mail_template_id: template, start_date: dayOf(-30), deadline: dayOf(30) })
      .where('id', '=', w.courseId)
      .execute();
    const id = idOf(await w.admin.post('/api/course-training', { courseId: w.courseId, groupIds: [w.group.id] }));
    const [started, completed, optional] = w.members;
    const s = await signIn(app, started!);
    expect((await s.post(`/api/course-training-user-value/${id}/${w.moduleIds[0]}`, {})).statusCode).toBe(200);
    const c = await signIn(app, completed!);
    for (const m of w.moduleIds) await c.post(`/api/course-training-user-value/${id}/${m}`, {});
    const o = await w.admin.post(`/api/course-training/${id}/participants/${optional!.id}/optional`, {
      optional: true,
    });
    expect(o.statusCode).toBe(200);
    const remind = (userId: string) => w.admin.post(`/api/course-training/${id}/participants/${userId}/remind`, {});
    return { ...w, id, template, remind };
  };

  const reminderMails = (c: TestContext, clientId: string) =>
    c.deps.db
      .selectFrom('mail_queue')
      .select(['id', 'to_address', 'subject'])
      .where('client_id', '=', clientId)
      .where('template_kind', '=', 'reminder')
      .execute();

  it('manual: a started user gets the mail at the SMTP server; completed, optional and a second within 60 minutes are refused', async () => {
    const { deps } = ctx();
    const w = await setup(3);
    const [started, completed, optional] = w.members;
    const res = await w.remind(started!.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userId: started!.id });

    const again = await w.remind(started!.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'reminder_too_soon' });
    expect((await w.remind(completed!.id)).json()).toMatchObject({ error: 'reminder_user_completed' });
    expect((await w.remind(optional!.id)).json()).toMatchObject({ error: 'reminder_user_optional' });

    const rows = await deps.db.selectFrom('training_reminders').selectAll().where('training_id', '=', w.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'manual', user_id: started!.id, due_day: null, sent_by: expect.any(String) });
    const mails = await reminderMails(ctx(), w.client.id);
    expect(mails.map((m) => m.id)).toEqual([rows[0]!.mail_id]);
    const table = await w.admin.get(`/api/course-training-user-value/${w.id}/get-status-of-all-users`, {
      userId: started!.id,
    });
    const item = table.json<{ items: { userId: string; lastReminderAt: string | null }[] }>().items;
    expect(item.find((i) => i.userId === started!.id)?.lastReminderAt).toBeTruthy();

    const smtp = await startTestSmtp();
    try {
      await drainJobs(workerDeps(deps, { smtpUrl: smtp.url }), [mailHandler()], new TestClock());
      const [mail] = await smtp.waitForMessages(1);
      expect(mail?.subject).toBe('Reminder: Arbeitssicherheit (en)');
      expect(mail?.to).toMatchObject({ value: [{ address: started!.email }] });
      const deadline = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
      expect(mail?.text).toContain(deadline.format(new Date(`${dayOf(30)}T00:00:00Z`)));
      expect(mail?.text).toContain(`/training/${w.id}`);
    } finally {
      await smtp.stop();
    }

    // 61 minutes later the next one goes out.
    await deps.db
      .updateTable('training_participants')
      .set({ last_reminder_at: new Date(Date.now() - 61 * 60_000).toISOString() })
      .where('training_id', '=', w.id)
      .execute();
    expect((await w.remind(started!.id)).statusCode).toBe(200);
  });

  it('manual: refused when the course is inactive, today is outside the dates, or the course names no template', async () => {
    const { deps } = ctx();
    const w = await setup(4);
    const pending = w.members[3]!;
    const course = (set: Record<string, unknown>) =>
      deps.db.updateTable('courses').set(set).where('id', '=', w.courseId).execute();
    const code = async () => (await w.remind(pending.id)).json<{ error?: string }>().error;

    await course({ is_active: false });
    expect(await code()).toBe('reminder_course_inactive');
    await course({ is_active: true, start_date: dayOf(1) });
    expect(await code()).toBe('reminder_course_outside_dates');
    await course({ start_date: dayOf(-30), deadline: dayOf(-1) });
    expect(await code()).toBe('reminder_course_outside_dates');
    await course({ deadline: dayOf(30) });
    // The training's own dates win over the course's.
    expect((await w.admin.post(`/api/course-training/${w.id}`, { deadline: dayOf(-1) })).statusCode).toBe(200);
    expect(await code()).toBe('reminder_course_outside_dates');
    expect((await w.admin.post(`/api/course-training/${w.id}`, { deadline: null })).statusCode).toBe(200);
    await course({ reminder_mail_template_id: null });
    expect(await code()).toBe('reminder_no_template');
    // Refused for the whole training in "remind all" too.
    expect((await w.admin.post(`/api/course-training/${w.id}/remind`, {})).json()).toMatchObject({
      error: 'reminder_no_template',
    });
    await course({ reminder_mail_template_id: w.template });
    expect((await w.remind(pending.id)).statusCode).toBe(200);
    expect(await reminderMails(ctx(), w.client.id)).toHaveLength(1);
  });

  it('manual: "remind all open" sends to the open participants, counts the skipped by code and never the completed or optional', async () => {
    const { deps } = ctx();
    const w = await setup(6);
    const [started, completed, optional, recent, pending, inactive] = w.members;
    expect((await w.remind(recent!.id)).statusCode).toBe(200);
    await deps.db.updateTable('users').set({ is_active: false }).where('id', '=', inactive!.id).execute();
    const res = await w.admin.post(`/api/course-training/${w.id}/remind`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sent: 2, skipped: { reminder_too_soon: 1, mail_send_failed: 1 } });
    const to = (await reminderMails(ctx(), w.client.id)).map((m) => m.to_address).sort();
    expect(to).toEqual([started!.email, recent!.email, pending!.email].sort());
    // The completed and the optional were not looked at: no reminder row, no last_reminder_at.
    const untouched = await deps.db
      .selectFrom('training_participants')
      .select(['user_id', 'last_reminder_at'])
      .where('training_id', '=', w.id)
      .where('user_id', 'in', [completed!.id, optional!.id])
      .execute();
    expect(untouched.map((r) => r.last_reminder_at)).toEqual([null, null]);
  });

  it('manual: "remind all open" of a training whose people have all completed or are optional sends and skips none', async () => {
    const { app } = ctx();
    const w = await setup(3);
    const s = await signIn(app, w.members[0]!);
    for (const m of w.moduleIds) await s.post(`/api/course-training-user-value/${w.id}/${m}`, {});
    const res = await w.admin.post(`/api/course-training/${w.id}/remind`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sent: 0, skipped: {} });
    expect(await reminderMails(ctx(), w.client.id)).toEqual([]);
  });

  it('manual: 403 for a participant, 404 for another client and for a coordinator outside their groups', async () => {
    const { app, deps } = ctx();
    const w = await setup(4);
    const pending = w.members[3]!;
    const learner = await signIn(app, pending);
    expect((await learner.post(`/api/course-training/${w.id}/participants/${pending.id}/remind`, {})).statusCode).toBe(
      403,
    );
    expect((await learner.post(`/api/course-training/${w.id}/remind`, {})).statusCode).toBe(403);

    const other = await createClient(deps.db);
    const foreign = await signIn(app, await createUser(deps.db, other, { role: 'ADMIN' }));
    expect((await foreign.post(`/api/course-training/${w.id}/participants/${pending.id}/remind`, {})).statusCode).toBe(
      404,
    );
    expect((await foreign.post(`/api/course-training/${w.id}/remind`, {})).statusCode).toBe(404);

    const coordinator = await createUser(deps.db, w.client, { role: 'COORDINATOR', locale: 'en-US' });
    await createGroup(deps.db, w.client, { name: 'Elsewhere', members: [pending], coordinators: [coordinator] });
    const coord = await signIn(app, coordinator);
    // The training is not of the coordinator's group: not found.
    expect((await coord.post(`/api/course-training/${w.id}/participants/${pending.id}/remind`, {})).statusCode).toBe(
      404,
    );
    expect((await coord.post(`/api/course-training/${w.id}/remind`, {})).statusCode).toBe(404);
    // Within a training of their group, a participant outside their groups is not found either.
    const mine = await createGroup(deps.db, w.client, { name: 'Mine', members: [], coordinators: [coordinator] });
    expect((await w.admin.post(`/api/course-training/${w.id}`, { groupIds: [w.group.id, mine.id] })).statusCode).toBe(
      200,
    );
    expect(
      (await coord.post(`/api/course-training/${w.id}/participants/${w.members[0]!.id}/remind`, {})).json(),
    ).toMatchObject({ error: 'not_found' });
    // "Remind all" reaches only the coordinator's members: the pending user of 'Elsewhere'.
    expect((await coord.post(`/api/course-training/${w.id}/remind`, {})).json()).toEqual({ sent: 1, skipped: {} });
    expect((await reminderMails(ctx(), w.client.id)).map((m) => m.to_address)).toEqual([pending.email]);
  });

  it('automatic: due on the interval days only, never to completed or optional users, once per day however often it runs', async () => {
    const { deps } = ctx();
    const w = await setup(4);
    const from = dayOf(-10);
    await deps.db
      .updateTable('courses')
      .set({ is_reminder_active: true, reminder_from: from, reminder_until: dayOf(5), reminder_interval_days: 3 })
      .where('id', '=', w.courseId)
      .execute();
    const sentOn = async (offset: number) => sendDueReminders(deps, dayOf(offset));

    expect(await sentOn(-11)).toBe(0);
    expect(await sentOn(-10)).toBe(2);
    expect(await sentOn(-10)).toBe(0);
    const both = await Promise.all([sentOn(-7), sentOn(-7)]);
    expect(both.sort()).toEqual([0, 2]);
    for (const off of [-9, -8, -6, -5]) expect(await sentOn(off), `day ${off}`).toBe(0);
    expect(await sentOn(-4)).toBe(2);
    expect(await sentOn(5)).toBe(2); // the last interval day is `until` itself
    expect(await sentOn(8)).toBe(0); // an interval day after `until`
    const rows = await deps.db
      .selectFrom('training_reminders')
      .select(['user_id', 'due_day', 'kind', 'mail_id'])
      .where('training_id', '=', w.id)
      .execute();
    expect(rows).toHaveLength(8);
    expect(new Set(rows.map((r) => r.user_id))).toEqual(new Set([w.members[0]!.id, w.members[3]!.id]));
    expect(new Set(rows.map((r) => r.due_day))).toEqual(new Set([dayOf(-10), dayOf(-7), dayOf(-4), dayOf(5)]));
    expect(rows.every((r) => r.kind === 'auto' && r.mail_id !== null)).toBe(true);
    expect(await reminderMails(ctx(), w.client.id)).toHaveLength(8);
  });

  it('automatic: the scheduled job reminds for the day of its latest due time, once when two jobs of that day run', async () => {
    const { deps } = ctx();
    const w = await setup(4);
    await deps.db
      .updateTable('courses')
      .set({ is_reminder_active: true, reminder_from: dayOf(-6), reminder_until: null, reminder_interval_days: 2 })
      .where('id', '=', w.courseId)
      .execute();
    const at = (day: string) => `${day}T06:00:00.000Z`;
    // After downtime ('once'): due since 3 days ago, the latest due time 2 days ago, an interval day (-6 + 4).
    const run: ScheduledRun = {
      schedule: autoRemindersSchedule.name,
      dueAt: at(dayOf(-3)),
      lastDueAt: at(dayOf(-2)),
      dueCount: 2,
      skipped: 0,
      data: null,
    };
    for (let i = 0; i < 2; i++)
      await enqueueJob(deps.db, { clientId: null, kind: autoRemindersSchedule.jobKind, payload: run });
    const now = () => new Date(Date.now() + 5_000);
    while ((await runDueJobs(deps, [createAutoRemindersHandler()], { now, concurrency: 2 })) > 0);
    const rows = await deps.db.selectFrom('training_reminders').selectAll().where('training_id', '=', w.id).execute();
    expect(rows.map((r) => r.due_day)).toEqual([dayOf(-2), dayOf(-2)]);
    expect(await reminderMails(ctx(), w.client.id)).toHaveLength(2);
  });
});
