import { expect, it } from 'vitest';
import { createClient, createUser, signIn } from '../../../test/factories';
import { createGroup } from '../../../test/group-factories';
import { describeEachDialect } from '../../../test/test-app';
import { idOf, invitationMails, runInvitationJobs, trainingWorld } from './test-trainings';

interface Training {
  id: string;
  courseId: string;
  courseTitle: string;
  groups: { id: string; name: string }[];
  directUsers: { id: string }[];
  directUserCount: number;
  startDate: string | null;
  deadline: string | null;
  effectiveStartDate: string | null;
  effectiveDeadline: string | null;
  counts: { participants: number; pending: number; started: number; completed: number; optional: number };
}

describeEachDialect('trainings', (ctx) => {
  it('creates, reads, lists, updates and deletes a training of groups and direct users with its own dates', async () => {
    const { deps } = ctx();
    const w = await trainingWorld(ctx);
    const single = await createUser(deps.db, w.client);
    const created = await w.admin.post('/api/course-training', {
      courseId: w.courseId,
      groupIds: [w.group.id],
      userIds: [single.id],
      deadline: '2026-06-30',
    });
    expect(created.statusCode).toBe(200);
    const training = created.json<Training>();
    expect(training).toMatchObject({
      courseId: w.courseId,
      courseTitle: 'Arbeitssicherheit (en)',
      groups: [{ id: w.group.id, name: 'Lager' }],
      directUserCount: 1,
      directUsers: [{ id: single.id }],
      startDate: null,
      deadline: '2026-06-30',
      effectiveStartDate: '2026-01-01',
      effectiveDeadline: '2026-06-30',
      counts: { participants: 3, pending: 3, started: 0, completed: 0, optional: 0, expired: 0 },
    });
    expect((await w.admin.get(`/api/course-training/${training.id}`)).json()).toEqual(training);
    const list = await w.admin.get('/api/course-training', { search: 'ARBEITS', sort: 'deadline' });
    expect(list.json()).toMatchObject({ total: 1, items: [{ id: training.id, counts: { participants: 3 } }] });
    expect((await w.admin.get('/api/course-training', { search: 'nothing like it' })).json()).toMatchObject({
      total: 0,
    });
    expect((await w.admin.get('/api/course-training', { groupId: w.group.id })).json()).toMatchObject({ total: 1 });

    const updated = await w.admin.post(`/api/course-training/${training.id}`, { userIds: [], deadline: null });
    expect(updated.json()).toMatchObject({
      directUserCount: 0,
      deadline: null,
      effectiveDeadline: '2026-12-31',
      counts: { participants: 2 },
    });
    const ungrouped = await w.admin.post(`/api/course-training/${training.id}`, { groupIds: [] });
    expect(ungrouped.json()).toMatchObject({ groups: [], counts: { participants: 0 } });
    expect((await w.admin.del(`/api/course-training/${training.id}`)).json()).toEqual({ ok: true });
    expect((await w.admin.get(`/api/course-training/${training.id}`)).statusCode).toBe(404);
  });

  it('answers 400 validation_failed for bad input and 404 for unknown course, group or user ids', async () => {
    const { deps } = ctx();
    const w = await trainingWorld(ctx);
    const unknown = '0190a0a0-0000-7000-8000-000000000000';
    for (const body of [
      {},
      { courseId: 'not-a-uuid' },
      { courseId: w.courseId, startDate: '2026-05-01', deadline: '2026-04-01' },
      { courseId: w.courseId, deadline: '31.12.2026' },
      { courseId: w.courseId, groupIds: 'x' },
    ]) {
      const res = await w.admin.post('/api/course-training', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed' });
    }
    expect((await w.admin.get('/api/course-training', { sort: 'nope' })).statusCode).toBe(400);
    expect((await w.admin.post('/api/course-training', { courseId: unknown })).json()).toMatchObject({
      error: 'not_found',
      details: { entity: 'course' },
    });
    expect((await w.admin.post('/api/course-training', { courseId: w.courseId, groupIds: [unknown] })).statusCode).toBe(
      404,
    );
    const res = await w.admin.post('/api/course-training', { courseId: w.courseId, userIds: [unknown] });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'users_not_same_count' });
    const id = idOf(await w.admin.post('/api/course-training', { courseId: w.courseId, startDate: '2026-03-01' }));
    const bad = await w.admin.post(`/api/course-training/${id}`, { deadline: '2026-02-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'validation_failed' });
    expect(await deps.db.selectFrom('trainings').select('deadline').where('id', '=', id).executeTakeFirst()).toEqual({
      deadline: null,
    });
  });

  it('refuses roles without the coordination capability with 403', async () => {
    const { app, deps } = ctx();
    const w = await trainingWorld(ctx);
    const id = idOf(await w.admin.post('/api/course-training', { courseId: w.courseId }));
    for (const role of ['PARTICIPANT', 'CONTENT_MASTER'] as const) {
      const other = await signIn(app, await createUser(deps.db, w.client, { role }));
      for (const res of [
        await other.get('/api/course-training'),
        await other.get(`/api/course-training/${id}`),
        await other.post('/api/course-training', { courseId: w.courseId }),
        await other.post(`/api/course-training/${id}`, {}),
        await other.del(`/api/course-training/${id}`),
        await other.get(`/api/course-training-user-value/${id}/get-status-of-all-users`),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ error: 'forbidden' });
      }
    }
  });

  it("answers 404 for another client's training, course and group, and never lists them", async () => {
    const { app, deps } = ctx();
    const w = await trainingWorld(ctx);
    const id = idOf(await w.admin.post('/api/course-training', { courseId: w.courseId, groupIds: [w.group.id] }));
    const foreign = await signIn(app, await createUser(deps.db, await createClient(deps.db), { role: 'ADMIN' }));
    expect((await foreign.get(`/api/course-training/${id}`)).statusCode).toBe(404);
    expect((await foreign.post(`/api/course-training/${id}`, { groupIds: [] })).statusCode).toBe(404);
    expect((await foreign.del(`/api/course-training/${id}?confirm=true`)).statusCode).toBe(404);
    expect((await foreign.get(`/api/course-training-user-value/${id}/get-status-of-all-users`)).statusCode).toBe(404);
    expect((await foreign.get('/api/course-training')).json()).toMatchObject({ total: 0, items: [] });
    expect((await foreign.post('/api/course-training', { courseId: w.courseId })).statusCode).toBe(404);
    expect((await w.admin.get(`/api/course-training/${id}`)).json()).toMatchObject({ counts: { participants: 2 } });
  });

  it('queues invitation mails on assignment, and for a user who joins an assigned group later', async () => {
    const { deps } = ctx();
    const w = await trainingWorld(ctx);
    const id = idOf(await w.admin.post('/api/course-training', { courseId: w.courseId, groupIds: [w.group.id] }));
    await runInvitationJobs(ctx);
    const first = await invitationMails(ctx, w.client.id);
    expect(first.map((m) => m.to_address).sort()).toEqual(w.members.map((m) => m.email).sort());
    expect(first[0]).toMatchObject({ subject: 'Invitation to the training "Arbeitssicherheit (en)"' });
    // Built from the client's platform domain, never from a request's Host (DECISIONS "reset and activation links").
    expect(first[0]?.body_text).toContain(`https://${w.client.host}/training/${id}`);
    expect(first[0]?.body_text).toContain('December 31, 2026');

    // Joining through the group form (groups feature) adds the participant and invites them once.
    const late = await createUser(deps.db, w.client, { locale: 'de-DE' });
    // A user with a username and no e-mail address becomes a participant too, but gets no mail.
    const noMail = await createUser(deps.db, w.client, { email: null, email_normalized: null, username: 'ohne.mail' });
    const joined = await w.admin.post(`/api/groups/${w.group.id}`, {
      memberIds: [...w.members.map((m) => m.id), late.id, noMail.id],
    });
    expect(joined.statusCode).toBe(200);
    await runInvitationJobs(ctx);
    await runInvitationJobs(ctx);
    const all = await invitationMails(ctx, w.client.id);
    expect(all.filter((m) => m.to_address === late.email)).toEqual([
      expect.objectContaining({ subject: 'Einladung zur Schulung „Arbeitssicherheit“' }),
    ]);
    expect(all).toHaveLength(3);
    expect((await w.admin.get(`/api/course-training/${id}`)).json()).toMatchObject({ counts: { participants: 4 } });

    // Joining through the user form and the bulk action (users feature) goes through the same hook.
    const other = await createUser(deps.db, w.client);
    expect((await w.admin.post(`/api/users/${other.id}`, { groupIds: [w.group.id] })).statusCode).toBe(200);
    const third = await createUser(deps.db, w.client);
    const bulk = await w.admin.post('/api/users/bulk', {
      action: 'addToGroup',
      groupId: w.group.id,
      selection: { ids: [third.id] },
    });
    expect(bulk.statusCode).toBe(200);
    await runInvitationJobs(ctx);
    expect(await invitationMails(ctx, w.client.id)).toHaveLength(5);
  });

  it('sends no invitation when the course has it switched off, and clears what was due', async () => {
    const { deps } = ctx();
    const w = await trainingWorld(ctx, { invitation: false });
    await w.admin.post('/api/course-training', { courseId: w.courseId, groupIds: [w.group.id] });
    await runInvitationJobs(ctx);
    expect(await invitationMails(ctx, w.client.id)).toEqual([]);
    const due = await deps.db
      .selectFrom('training_participants')
      .select('is_invitation_due')
      .where('client_id', '=', w.client.id)
      .execute();
    expect(due).toEqual([{ is_invitation_due: false }, { is_invitation_due: false }]);
  });

  it('takes a leaver off: a pending row goes, a started one stays as history', async () => {
    const { app } = ctx();
    const w = await trainingWorld(ctx, { members: 3 });
    const id = idOf(await w.admin.post('/api/course-training', { courseId: w.courseId, groupIds: [w.group.id] }));
    const [starter, idle, stays] = w.members;
    const learner = await signIn(app, starter!);
    expect((await learner.post(`/api/course-training-user-value/${id}/${w.moduleIds[0]}`, {})).statusCode).toBe(200);
    const left = await w.admin.post(`/api/groups/${w.group.id}`, { memberIds: [stays!.id] });
    expect(left.statusCode).toBe(200);
    const status = await w.admin.get(`/api/course-training-user-value/${id}/get-status-of-all-users`);
    const items = status.json<{ items: { userId: string; assigned: boolean; status: string }[] }>().items;
    expect(items.map((i) => [i.userId, i.assigned, i.status]).sort()).toEqual(
      [
        [starter!.id, false, 'STARTED'],
        [stays!.id, true, 'PENDING'],
      ].sort(),
    );
    expect(items.some((i) => i.userId === idle!.id)).toBe(false);
    expect((await learner.get('/api/user-course-trainings')).json()).toEqual({ items: [] });
    // Back in the group, the history row is assigned again (and not invited a second time).
    await w.admin.post(`/api/groups/${w.group.id}`, { memberIds: [stays!.id, starter!.id] });
    expect((await learner.get('/api/user-course-trainings')).json()).toMatchObject({
      items: [{ id, status: 'STARTED' }],
    });
  });

  it('coordinator: sees, assigns and manages only their groups, their members and trainings of those groups', async () => {
    const { app, deps } = ctx();
    const w = await trainingWorld(ctx);
    const coordinator = await createUser(deps.db, w.client, { role: 'COORDINATOR', locale: 'en-US' });
    const mine = await createGroup(deps.db, w.client, {
      name: 'Mine',
      members: [w.members[0]!],
      coordinators: [coordinator],
    });
    const coord = await signIn(app, coordinator);
    const outsider = await createUser(deps.db, w.client);
    const others = idOf(await w.admin.post('/api/course-training', { courseId: w.courseId, groupIds: [w.group.id] }));

    expect((await coord.get('/api/course-training')).json()).toMatchObject({ total: 0 });
    expect((await coord.get(`/api/course-training/${others}`)).statusCode).toBe(404);
    expect((await coord.post('/api/course-training', { courseId: w.courseId })).json()).toMatchObject({
      error: 'group_required',
    });
    expect(
      (await coord.post('/api/course-training', { courseId: w.courseId, groupIds: [w.group.id] })).statusCode,
    ).toBe(404);
    expect(
      (await coord.post('/api/course-training', { courseId: w.courseId, groupIds: [mine.id], userIds: [outsider.id] }))
        .statusCode,
    ).toBe(404);

    const shared = idOf(
      await w.admin.post('/api/course-training', {
        courseId: w.courseId,
        groupIds: [w.group.id, mine.id],
        userIds: [outsider.id],
      }),
    );
    const seen = await coord.get(`/api/course-training/${shared}`);
    // Counts and direct users cover only the coordinator's members (w.members[0] is in both groups).
    expect(seen.json()).toMatchObject({ counts: { participants: 1 }, directUsers: [], directUserCount: 0 });
    const table = await coord.get(`/api/course-training-user-value/${shared}/get-status-of-all-users`);
    expect(table.json()).toMatchObject({ total: 1, items: [{ userId: w.members[0]!.id }] });
    // Leaving out the other group and the outsider does not remove them: they are not the coordinator's to remove.
    const kept = await coord.post(`/api/course-training/${shared}`, { groupIds: [mine.id], userIds: [] });
    expect(kept.statusCode).toBe(200);
    const seenByAdmin = (await w.admin.get(`/api/course-training/${shared}`)).json<Training>();
    expect(seenByAdmin.groups.map((g) => g.id).sort()).toEqual([w.group.id, mine.id].sort());
    expect(seenByAdmin.directUsers.map((u) => u.id)).toEqual([outsider.id]);
    // Taking off their last group would hide the training from them.
    expect((await coord.post(`/api/course-training/${shared}`, { groupIds: [] })).json()).toMatchObject({
      error: 'group_required',
    });
    // Deleting a training that other groups share is not theirs to do.
    expect((await coord.del(`/api/course-training/${shared}`)).statusCode).toBe(403);
    const own = idOf(await coord.post('/api/course-training', { courseId: w.courseId, groupIds: [mine.id] }));
    expect((await coord.get('/api/course-training')).json()).toMatchObject({ total: 2 });
    expect((await coord.del(`/api/course-training/${own}`)).json()).toMatchObject({ error: 'training_in_use' });
    await coord.post(`/api/groups/${mine.id}`, { memberIds: [] });
    expect((await coord.del(`/api/course-training/${own}`)).json()).toEqual({ ok: true });
  });

  it('delete: 409 training_in_use while users are assigned; with former participants who started, only confirmed', async () => {
    const { app, deps } = ctx();
    const w = await trainingWorld(ctx);
    const id = idOf(await w.admin.post('/api/course-training', { courseId: w.courseId, groupIds: [w.group.id] }));
    const learner = await signIn(app, w.members[0]!);
    await learner.post(`/api/course-training-user-value/${id}/${w.moduleIds[0]}`, {});
    const busy = await w.admin.del(`/api/course-training/${id}?confirm=true`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({
      error: 'training_in_use',
      details: { participants: 2, started: 1, completed: 0 },
    });
    await w.admin.post(`/api/course-training/${id}`, { groupIds: [] });
    const history = await w.admin.del(`/api/course-training/${id}`);
    expect(history.statusCode).toBe(409);
    expect(history.json()).toMatchObject({ error: 'training_has_progress', details: { started: 1 } });
    expect((await w.admin.del(`/api/course-training/${id}?confirm=false`)).statusCode).toBe(409);
    expect((await w.admin.del(`/api/course-training/${id}?confirm=maybe`)).statusCode).toBe(400);
    expect((await w.admin.del(`/api/course-training/${id}?confirm=true`)).json()).toEqual({ ok: true });
    const left = await deps.db
      .selectFrom('training_module_values')
      .select('user_id')
      .where('training_id', '=', id)
      .execute();
    expect(left).toEqual([]);
  });

  it('group_in_use and the group courses column come from trainings', async () => {
    const { deps } = ctx();
    const w = await trainingWorld(ctx, { members: 0 });
    const empty = await createGroup(deps.db, w.client, { name: 'Leer' });
    const id = idOf(await w.admin.post('/api/course-training', { courseId: w.courseId, groupIds: [empty.id] }));
    expect((await w.admin.get(`/api/groups/${empty.id}`)).json()).toMatchObject({
      courses: [{ id: w.courseId, title: 'Arbeitssicherheit (en)' }],
    });
    const res = await w.admin.del(`/api/groups/${empty.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'group_in_use', details: { members: 0, trainings: 1 } });
    await w.admin.post(`/api/course-training/${id}`, { groupIds: [] });
    expect((await w.admin.get('/api/groups', { search: 'leer' })).json()).toMatchObject({ items: [{ courses: [] }] });
    expect((await w.admin.del(`/api/groups/${empty.id}`)).statusCode).toBe(200);
  });
});
