import { LOGIN_TYPES } from '@lms/contracts/roles';
import Papa from 'papaparse';
import { expect, it } from 'vitest';
import { createGroup } from '../../../test/group-factories';
import { describeEachDialect, type TestContext } from '../../../test/test-app';
import { createClient, createUser, signIn } from '../../../test/factories';

const memberIds = async (c: TestContext, groupId: string) =>
  (await c.deps.db.selectFrom('group_members').select('user_id').where('group_id', '=', groupId).execute())
    .map((r) => r.user_id)
    .sort();

const activeOf = async (c: TestContext, ids: string[]) =>
  (await c.deps.db.selectFrom('users').select(['id', 'is_active']).where('id', 'in', ids).orderBy('id').execute()).map(
    (r) => r.is_active,
  );

describeEachDialect('bulk actions', (ctx) => {
  it('deactivates and activates all results of a search, not only one page; sessions end', async () => {
    const c = ctx();
    const client = await createClient(c.deps.db);
    const admin = await signIn(c.app, await createUser(c.deps.db, client, { role: 'ADMIN', last_name: 'Chef' }));
    const team = [];
    for (let i = 0; i < 12; i++) team.push(await createUser(c.deps.db, client, { last_name: `Lager ${i}` }));
    const other = await createUser(c.deps.db, client, { last_name: 'Büro' });
    const session = await signIn(c.app, team[0]!);
    const all = { all: true, filter: { search: 'lager' } };
    const off = await admin.post('/api/users/bulk', { action: 'deactivate', selection: all });
    expect(off.json()).toEqual({ action: 'deactivate', affected: 12 });
    expect(
      await activeOf(
        c,
        team.map((u) => u.id),
      ),
    ).toEqual(Array<boolean>(12).fill(false));
    expect(await activeOf(c, [other.id])).toEqual([true]);
    expect((await session.get('/api/user/info')).statusCode).toBe(401);
    const on = await admin.post('/api/users/bulk', { action: 'activate', selection: all });
    expect(on.json()).toEqual({ action: 'activate', affected: 12 });
    const listed = await admin.post('/api/users/active', { ids: [other.id], active: false });
    expect(listed.json()).toMatchObject({ items: [{ id: other.id, active: false }] });
  });

  it('adds users to a group and removes them again; exports the selection; deletes it', async () => {
    const c = ctx();
    const client = await createClient(c.deps.db);
    const admin = await signIn(c.app, await createUser(c.deps.db, client, { role: 'ADMIN' }));
    const a = await createUser(c.deps.db, client, { first_name: 'Ada' });
    const b = await createUser(c.deps.db, client, { first_name: 'Bea' });
    const group = await createGroup(c.deps.db, client, { name: 'Versand' });
    const selection = { ids: [a.id, b.id] };
    const add = await admin.post('/api/users/bulk', { action: 'addToGroup', groupId: group.id, selection });
    expect(add.json()).toEqual({ action: 'addToGroup', affected: 2 });
    expect((await admin.get(`/api/groups/${group.id}`)).json()).toMatchObject({ memberCount: 2 });
    const missingGroup = await admin.post('/api/users/bulk', { action: 'addToGroup', selection });
    expect(missingGroup.json()).toMatchObject({ error: 'validation_failed' });

    const exported = await admin.post('/api/users/bulk', { action: 'export', selection });
    expect(exported.headers['content-type']).toContain('text/csv');
    const rows = Papa.parse<string[]>(exported.body.slice(1), { delimiter: ';', skipEmptyLines: true }).data;
    expect(rows).toHaveLength(3);
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['Ada', 'Bea']);
    expect(rows[1]).toContain('Versand');

    const remove = await admin.post('/api/users/bulk', { action: 'removeFromGroup', groupId: group.id, selection });
    expect(remove.json()).toEqual({ action: 'removeFromGroup', affected: 2 });
    expect((await admin.get(`/api/groups/${group.id}`)).json()).toMatchObject({ memberCount: 0 });

    const del = await admin.post('/api/users/bulk', { action: 'delete', selection });
    expect(del.json()).toEqual({ action: 'delete', affected: 2 });
    expect((await admin.get(`/api/users/${a.id}`)).statusCode).toBe(404);
    const deletions = await c.deps.db
      .selectFrom('user_deletions')
      .select('id')
      .where('client_id', '=', client.id)
      .execute();
    expect(deletions).toHaveLength(2);
  });

  it('the actor among "all search results": deactivate and delete fail as a whole and change nothing', async () => {
    const c = ctx();
    const client = await createClient(c.deps.db);
    const me = await createUser(c.deps.db, client, { role: 'ADMIN', last_name: 'Lager Chef' });
    const admin = await signIn(c.app, me);
    const team = [];
    for (let i = 0; i < 3; i++) team.push(await createUser(c.deps.db, client, { last_name: `Lager ${i}` }));
    const ids = [me.id, ...team.map((u) => u.id)];
    const selection = { all: true, filter: { search: 'lager' } };
    const off = await admin.post('/api/users/bulk', { action: 'deactivate', selection });
    expect(off.statusCode).toBe(400);
    expect(off.json()).toMatchObject({ error: 'cannot_change_own_status' });
    expect(await activeOf(c, ids)).toEqual([true, true, true, true]);
    const del = await admin.post('/api/users/bulk', { action: 'delete', selection });
    expect(del.statusCode).toBe(400);
    expect(del.json()).toMatchObject({ error: 'cannot_delete_self' });
    expect(await activeOf(c, ids)).toHaveLength(4);
  });

  it('externally managed users are neither added to nor removed from a group in bulk; members stay as they are', async () => {
    const c = ctx();
    const client = await createClient(c.deps.db);
    const admin = await signIn(c.app, await createUser(c.deps.db, client, { role: 'ADMIN' }));
    const scim = await createUser(c.deps.db, client, { login_type: LOGIN_TYPES.SCIM });
    const local = await createUser(c.deps.db, client);
    const group = await createGroup(c.deps.db, client);
    const both = { ids: [scim.id, local.id] };
    const add = await admin.post('/api/users/bulk', { action: 'addToGroup', groupId: group.id, selection: both });
    expect(add.statusCode).toBe(400);
    expect(add.json()).toMatchObject({ error: 'externally_managed', details: { userIds: [scim.id] } });
    expect(await memberIds(c, group.id)).toEqual([]);

    const withScim = await createGroup(c.deps.db, client, { members: [scim] });
    const kept = await admin.post('/api/users/bulk', { action: 'addToGroup', groupId: withScim.id, selection: both });
    expect(kept.json()).toEqual({ action: 'addToGroup', affected: 2 });
    expect(await memberIds(c, withScim.id)).toEqual([scim.id, local.id].sort());
    const all = { all: true, filter: {} };
    const remove = await admin.post('/api/users/bulk', {
      action: 'removeFromGroup',
      groupId: withScim.id,
      selection: all,
    });
    expect(remove.statusCode).toBe(400);
    expect(remove.json()).toMatchObject({ error: 'externally_managed' });
    expect(await memberIds(c, withScim.id)).toEqual([scim.id, local.id].sort());
    const removeLocal = await admin.post('/api/users/bulk', {
      action: 'removeFromGroup',
      groupId: withScim.id,
      selection: { ids: [local.id] },
    });
    expect(removeLocal.json()).toEqual({ action: 'removeFromGroup', affected: 1 });
    expect(await memberIds(c, withScim.id)).toEqual([scim.id]);
  });
});
