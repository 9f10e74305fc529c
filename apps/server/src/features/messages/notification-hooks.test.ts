import { expect, it } from 'vitest';
import { signIn } from '../../../test/factories';
import { describeEachDialect } from '../../../test/test-app';
import { idOf, trainingWorld } from '../trainings/test-trainings';
import { notifyDeadlinesNear } from './deadline-near.job';

type Page = { items: { notificationType: string; data: { trainingId?: string }; isRead: boolean }[]; total: number };

describeEachDialect('notifications of events (issue 14)', (ctx) => {
  it('a training assigned to a group notifies each new member once; a reminder adds one', async () => {
    const { app, deps } = ctx();
    const w = await trainingWorld(ctx, { members: 3 });
    const id = idOf(await w.admin.post('/api/course-training', { courseId: w.courseId, groupIds: [w.group.id] }));
    const member = await signIn(app, w.members[0]!);
    const page = (await member.get('/api/messages', { box: 'notifications' })).json<Page>();
    expect(page.items).toEqual([
      expect.objectContaining({ notificationType: 'training_assigned', data: { trainingId: id }, isRead: false }),
    ]);
    const rows = await deps.db
      .selectFrom('messages')
      .select('recipient_id')
      .where('kind', '=', 'NOTIFICATION')
      .where('client_id', '=', w.client.id)
      .execute();
    expect(rows.map((r) => r.recipient_id).sort()).toEqual(w.members.map((m) => m.id).sort());

    const template = idOf(
      await w.admin.post('/api/mail-template', {
        kind: 'reminder',
        name: 'Erinnerung',
        locales: {
          'de-DE': { subject: 'Erinnerung', bodyText: 'Bitte {{courseTitle}} abschließen: {{link}}', bodyHtml: null },
        },
      }),
    );
    await deps.db
      .updateTable('courses')
      .set({ reminder_mail_template_id: template })
      .where('id', '=', w.courseId)
      .execute();
    const remind = await w.admin.post(`/api/course-training/${id}/participants/${w.members[0]!.id}/remind`, {});
    expect(remind.statusCode).toBe(200);
    expect((await member.get('/api/messages/unread-count')).json()).toMatchObject({ notifications: 2 });
    const other = await signIn(app, w.members[1]!);
    expect((await other.get('/api/messages/unread-count')).json()).toMatchObject({ notifications: 1 });
  });

  it('warns the open participants a week before the deadline, once however often the job runs', async () => {
    const { app, deps } = ctx();
    const w = await trainingWorld(ctx, { members: 2 });
    const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const id = idOf(
      await w.admin.post('/api/course-training', { courseId: w.courseId, groupIds: [w.group.id], deadline: day }),
    );
    const today = new Date().toISOString().slice(0, 10);
    expect(await notifyDeadlinesNear(deps, today)).toBeGreaterThanOrEqual(2);
    await notifyDeadlinesNear(deps, today);
    const member = await signIn(app, w.members[0]!);
    const page = (await member.get('/api/messages', { box: 'notifications' })).json<Page>();
    const near = page.items.filter((m) => m.notificationType === 'deadline_near');
    expect(near).toEqual([expect.objectContaining({ data: { trainingId: id, deadline: day } })]);
  });
});
