import { expect, it } from 'vitest';
import { createClient, createUser, signIn } from '../../../test/factories';
import { createGroup } from '../../../test/group-factories';
import { describeEachDialect } from '../../../test/test-app';
import { newId } from '../../platform/ids';
import { createCourse, idOf } from '../trainings/test-trainings';

const HOUR = 3_600_000;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describeEachDialect('the staff home figures (GET /api/home/figures)', (ctx) => {
  async function failedMail(clientId: string, failedHoursAgo: number, status = 'failed') {
    const at = new Date(Date.now() - failedHoursAgo * HOUR).toISOString();
    await ctx()
      .deps.db.insertInto('mail_queue')
      .values({
        id: newId(),
        client_id: clientId,
        job_id: null,
        template_kind: 'invitation',
        locale: 'de-DE',
        to_address: 'a@example.test',
        to_address_normalized: 'a@example.test',
        to_name: null,
        reply_to: null,
        subject: 'S',
        body_text: 'T',
        body_html: '<p>T</p>',
        status,
        attempts: 1,
        last_error: null,
        next_attempt_at: null,
        sent_at: null,
        transport: null,
        message_id: null,
        secret_values_enc: null,
        created_at: new Date(Date.now() - (failedHoursAgo + 2) * HOUR).toISOString(),
        updated_at: at,
      })
      .execute();
  }

  /** Client A: two courses, an overdue training (two groups) and an open one, users and mails in every state. */
  async function world() {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN' }));
    const [m1, m2, m3, done] = [
      await createUser(deps.db, client),
      await createUser(deps.db, client),
      await createUser(deps.db, client),
      await createUser(deps.db, client),
    ];
    await createUser(deps.db, client, { is_active: false });
    await createUser(deps.db, client, { active_to: day(-2) });
    const coordinatorUser = await createUser(deps.db, client, { role: 'COORDINATOR' });
    const lager = await createGroup(deps.db, client, { members: [m1, done], coordinators: [coordinatorUser] });
    const buero = await createGroup(deps.db, client, { members: [m2, m3] });
    const past = await createCourse(admin, { title: 'Brandschutz', modules: 1, deadline: day(-1), invitation: false });
    const future = await createCourse(admin, {
      title: 'Datenschutz',
      modules: 1,
      deadline: day(30),
      invitation: false,
    });
    const overdue = idOf(
      await admin.post('/api/course-training', { courseId: past.courseId, groupIds: [lager.id, buero.id] }),
    );
    idOf(await admin.post('/api/course-training', { courseId: future.courseId, groupIds: [buero.id] }));
    await deps.db
      .updateTable('training_participants')
      .set({ status: 'COMPLETED', completed_at: new Date().toISOString() })
      .where('training_id', '=', overdue)
      .where('user_id', '=', done.id)
      .execute();
    await failedMail(client.id, 1);
    await failedMail(client.id, 23);
    await failedMail(client.id, 30);
    await failedMail(client.id, 1, 'sent');
    return { client, admin, coordinatorUser };
  }

  it('answers an admin every figure of the client: courses, active users, open trainings, overdue, failed mails', async () => {
    const { admin } = await world();
    const res = await admin.get('/api/home/figures');
    expect(res.statusCode).toBe(200);
    // Active: admin, m1-m3, done, the coordinator (the inactive and the expired user are not).
    expect(res.json()).toEqual({
      courses: 2,
      activeUsers: 6,
      openTrainings: 1,
      overdueParticipants: 3,
      failedMails24h: 2,
    });
  });

  it("gives each role only the figures it may see: a coordinator's groups, a content master's courses and mails", async () => {
    const { app, deps } = ctx();
    const { client, coordinatorUser } = await world();
    const coordinator = await signIn(app, coordinatorUser);
    expect((await coordinator.get('/api/home/figures')).json()).toEqual({
      courses: 2,
      activeUsers: 2,
      openTrainings: 0,
      overdueParticipants: 1,
      failedMails24h: null,
    });
    const master = await signIn(app, await createUser(deps.db, client, { role: 'CONTENT_MASTER' }));
    expect((await master.get('/api/home/figures')).json()).toEqual({
      courses: 2,
      activeUsers: null,
      openTrainings: null,
      overdueParticipants: null,
      failedMails24h: 2,
    });
  });

  it('answers only the figures asked for, and 400 for a figure it does not know', async () => {
    const { admin } = await world();
    const some = await admin.get('/api/home/figures', { figures: 'courses,failedMails24h' });
    expect(some.json()).toEqual({
      courses: 2,
      activeUsers: null,
      openTrainings: null,
      overdueParticipants: null,
      failedMails24h: 2,
    });
    const bad = await admin.get('/api/home/figures', { figures: 'courses,salaries' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'validation_failed' });
  });

  it('refuses a participant (403 forbidden)', async () => {
    const { app, deps } = ctx();
    const { client } = await world();
    const participant = await signIn(app, await createUser(deps.db, client));
    const res = await participant.get('/api/home/figures');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'forbidden' });
  });

  it("counts only the caller's own client: another client's admin sees none of A's rows", async () => {
    const { app, deps } = ctx();
    await world();
    const other = await createClient(deps.db);
    const otherAdmin = await signIn(app, await createUser(deps.db, other, { role: 'ADMIN' }));
    expect((await otherAdmin.get('/api/home/figures')).json()).toEqual({
      courses: 0,
      activeUsers: 1,
      openTrainings: 0,
      overdueParticipants: 0,
      failedMails24h: 0,
    });
  });
});
