import { LOGIN_TYPES } from '@lms/contracts/roles';
import { expect, it } from 'vitest';
import { createGroup } from '../../../test/group-factories';
import { caller, describeEachDialect } from '../../../test/test-app';
import { createClient, createUser, signIn } from '../../../test/factories';

interface Detail {
  id: string;
  name: string;
  memberCount: number;
  members: { id: string }[];
  coordinators: { id: string }[];
  externallyManaged: boolean;
}

describeEachDialect('groups', (ctx) => {
  it('creates, lists, renames and deletes a group with members and coordinators', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN' }));
    const a = await createUser(deps.db, client);
    const coord = await createUser(deps.db, client, { role: 'COORDINATOR' });
    const created = await admin.post('/api/groups', {
      name: 'Lager Süd',
      memberIds: [a.id],
      coordinatorIds: [coord.id],
    });
    expect(created.statusCode).toBe(200);
    const group = created.json<Detail>();
    expect(group).toMatchObject({ name: 'Lager Süd', memberCount: 1, externallyManaged: false });
    expect(group.members.map((m) => m.id)).toEqual([a.id]);
    expect(group.coordinators.map((m) => m.id)).toEqual([coord.id]);
    const list = await admin.get('/api/groups', { search: 'süd' });
    expect(list.json()).toMatchObject({ total: 1, items: [{ id: group.id, memberCount: 1 }] });
    const renamed = await admin.post(`/api/groups/${group.id}`, { name: 'Lager Nord', memberIds: [] });
    expect(renamed.json()).toMatchObject({ name: 'Lager Nord', memberCount: 0 });
    expect((await admin.del(`/api/groups/${group.id}`)).json()).toEqual({ ok: true });
    expect((await admin.get(`/api/groups/${group.id}`)).statusCode).toBe(404);
  });

  it('group_name_taken per client, case-insensitively', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    await createGroup(deps.db, client, { name: 'Vertrieb' });
    const elsewhere = await createClient(deps.db);
    await createGroup(deps.db, elsewhere, { name: 'Technik' });
    const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN' }));
    const res = await admin.post('/api/groups', { name: 'VERTRIEB' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'group_name_taken' });
    expect((await admin.post('/api/groups', { name: 'Technik' })).statusCode).toBe(200);
  });

  it('group_in_use: a group with users is not deleted', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN' }));
    const group = await createGroup(deps.db, client, { members: [await createUser(deps.db, client)] });
    const res = await admin.del(`/api/groups/${group.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'group_in_use' });
    expect(await deps.db.selectFrom('groups').select('id').where('id', '=', group.id).executeTakeFirst()).toBeDefined();
  });

  it('externally_managed groups are neither edited, deleted nor selectable', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN' }));
    const user = await createUser(deps.db, client);
    const group = await createGroup(deps.db, client, { name: 'Aus AD', external: true });
    for (const res of [
      await admin.post(`/api/groups/${group.id}`, { name: 'Anders' }),
      await admin.del(`/api/groups/${group.id}`),
      await admin.post(`/api/users/${user.id}`, { groupIds: [group.id] }),
      await admin.post('/api/users', { firstName: 'A', lastName: 'B', email: 'e@x.test', groupIds: [group.id] }),
      await admin.post('/api/users/bulk', { action: 'addToGroup', groupId: group.id, selection: { ids: [user.id] } }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'externally_managed' });
    }
    expect((await admin.get(`/api/groups/${group.id}`)).json()).toMatchObject({ name: 'Aus AD', memberCount: 0 });
  });

  it("externally managed users neither join nor leave a group's members; kept ones stay untouched", async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN' }));
    const scim = await createUser(deps.db, client, { login_type: LOGIN_TYPES.SCIM });
    const otherScim = await createUser(deps.db, client, { login_type: LOGIN_TYPES.SCIM });
    const a = await createUser(deps.db, client);
    const b = await createUser(deps.db, client);
    const group = await createGroup(deps.db, client, { name: 'Lager', members: [scim, a] });
    const memberIds = async () =>
      (await admin.get(`/api/groups/${group.id}`))
        .json<Detail>()
        .members.map((m) => m.id)
        .sort();

    const kept = await admin.post(`/api/groups/${group.id}`, { name: 'Lager Nord', memberIds: [scim.id, a.id, b.id] });
    expect(kept.statusCode).toBe(200);
    expect(await memberIds()).toEqual([scim.id, a.id, b.id].sort());
    for (const res of [
      await admin.post(`/api/groups/${group.id}`, { name: 'Anders', memberIds: [a.id, b.id] }),
      await admin.post(`/api/groups/${group.id}`, { name: 'Anders', memberIds: [scim.id, otherScim.id, a.id, b.id] }),
      await admin.post('/api/groups', { name: 'Neu', memberIds: [a.id, otherScim.id] }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'externally_managed' });
    }
    expect((await admin.get(`/api/groups/${group.id}`)).json()).toMatchObject({ name: 'Lager Nord', memberCount: 3 });
    expect(await memberIds()).toEqual([scim.id, a.id, b.id].sort());
    expect((await admin.get('/api/groups', { search: 'neu' })).json()).toMatchObject({ total: 0 });
  });

  it('group_coordinator_leave: a coordinator cannot leave, unlist themselves from or delete their group', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const me = await createUser(deps.db, client, { role: 'COORDINATOR' });
    const group = await createGroup(deps.db, client, { members: [me], coordinators: [me] });
    const coordinator = await signIn(app, me);
    for (const body of [{ memberIds: [] }, { coordinatorIds: [] }]) {
      const res = await coordinator.post(`/api/groups/${group.id}`, body);
      expect(res.json()).toMatchObject({ error: 'group_coordinator_leave' });
    }
    expect((await coordinator.del(`/api/groups/${group.id}`)).json()).toMatchObject({
      error: 'group_coordinator_leave',
    });
    const detail = (await coordinator.get(`/api/groups/${group.id}`)).json<Detail>();
    expect(detail.members.map((m) => m.id)).toEqual([me.id]);
    expect(detail.coordinators.map((m) => m.id)).toEqual([me.id]);
  });

  it("a coordinator's new group is coordinated by them; they cannot change who coordinates", async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const me = await createUser(deps.db, client, { role: 'COORDINATOR' });
    const other = await createUser(deps.db, client, { role: 'COORDINATOR' });
    const coordinator = await signIn(app, me);
    const res = await coordinator.post('/api/groups', { name: 'Meine' });
    const group = res.json<Detail>();
    expect(group.coordinators.map((c) => c.id)).toEqual([me.id]);
    const change = await coordinator.post(`/api/groups/${group.id}`, { coordinatorIds: [me.id, other.id] });
    expect(change.statusCode).toBe(403);
  });

  it('validates input and permissions', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN' }));
    expect((await admin.post('/api/groups', { name: '' })).json()).toMatchObject({ error: 'validation_failed' });
    expect((await admin.post('/api/groups', { name: 'x', memberIds: ['nope'] })).statusCode).toBe(400);
    expect((await admin.get('/api/groups', { sort: 'colour' })).statusCode).toBe(400);
    const participant = await signIn(app, await createUser(deps.db, client));
    expect((await participant.get('/api/groups')).statusCode).toBe(403);
    expect((await participant.post('/api/groups', { name: 'x' })).statusCode).toBe(403);
    expect((await caller(app, client.host).get('/api/groups')).statusCode).toBe(401);
  });
});
