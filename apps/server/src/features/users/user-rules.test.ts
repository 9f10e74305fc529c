import { LOGIN_TYPES } from '@lms/contracts/roles';
import { expect, it } from 'vitest';
import { createGroup } from '../../../test/group-factories';
import { describeEachDialect, type TestContext } from '../../../test/test-app';
import { createClient, createUser, signIn } from '../../../test/factories';

const userRow = (ctx: TestContext, id: string) =>
  ctx.deps.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

const groupIds = async (ctx: TestContext, userId: string) =>
  (await ctx.deps.db.selectFrom('group_members').select('group_id').where('user_id', '=', userId).execute()).map(
    (r) => r.group_id,
  );

describeEachDialect('user rules: each answers its own code and changes nothing', (ctx) => {
  async function setup() {
    const c = ctx();
    const client = await createClient(c.deps.db);
    const adminUser = await createUser(c.deps.db, client, { role: 'ADMIN' });
    const admin = await signIn(c.app, adminUser);
    return { c, client, adminUser, admin };
  }

  it('email_taken and username_taken, per client, also across the two login fields', async () => {
    const { c, client, admin } = await setup();
    const taken = await createUser(c.deps.db, client, { username: 'Hein', username_normalized: 'hein' });
    const other = await createClient(c.deps.db);
    await createUser(c.deps.db, other, { email: 'free@example.test' });
    const before = await c.deps.db.selectFrom('users').select('id').where('client_id', '=', client.id).execute();
    const cases: [Record<string, unknown>, string][] = [
      [{ email: taken.email.toUpperCase() }, 'email_taken'],
      [{ email: 'new@example.test', username: 'HEIN' }, 'username_taken'],
      [{ username: taken.email }, 'username_taken'],
    ];
    for (const [login, code] of cases) {
      const res = await admin.post('/api/users', { firstName: 'A', lastName: 'B', ...login });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: code });
    }
    const after = await c.deps.db.selectFrom('users').select('id').where('client_id', '=', client.id).execute();
    expect(after).toHaveLength(before.length);
    const elsewhere = await admin.post('/api/users', { firstName: 'A', lastName: 'B', email: 'free@example.test' });
    expect(elsewhere.statusCode).toBe(200);
    const rename = await admin.post(`/api/users/${elsewhere.json<{ id: string }>().id}`, { email: taken.email });
    expect(rename.json()).toMatchObject({ error: 'email_taken' });
  });

  it('cannot_delete_self, alone and inside a selection', async () => {
    const { c, client, adminUser, admin } = await setup();
    const other = await createUser(c.deps.db, client);
    expect((await admin.del(`/api/users/${adminUser.id}`)).json()).toMatchObject({ error: 'cannot_delete_self' });
    expect((await admin.del('/api/users/', { ids: [other.id, adminUser.id] })).json()).toMatchObject({
      error: 'cannot_delete_self',
    });
    expect(await userRow(c, other.id)).toBeDefined();
    expect(await userRow(c, adminUser.id)).toBeDefined();
  });

  it('cannot_change_own_status through every way of changing it', async () => {
    const { c, client, adminUser, admin } = await setup();
    const other = await createUser(c.deps.db, client);
    for (const res of [
      await admin.post('/api/users/active', { ids: [other.id, adminUser.id], active: false }),
      await admin.post(`/api/users/${adminUser.id}`, { active: false }),
      await admin.post('/api/users/bulk', { action: 'deactivate', selection: { ids: [other.id, adminUser.id] } }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'cannot_change_own_status' });
    }
    expect((await userRow(c, other.id))?.is_active).toBe(true);
  });

  it('cannot_change_own_status also for the own active-from/to window; unchanged values pass', async () => {
    const { c, adminUser, admin } = await setup();
    for (const body of [{ activeTo: '2020-01-01' }, { activeFrom: '2999-01-01' }, { activeFrom: '2020-01-01' }]) {
      const res = await admin.post(`/api/users/${adminUser.id}`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'cannot_change_own_status' });
    }
    expect(await userRow(c, adminUser.id)).toMatchObject({ is_active: true, active_from: null, active_to: null });
    const sameValues = { city: 'Kiel', active: true, activeFrom: null, activeTo: null };
    expect((await admin.post(`/api/users/${adminUser.id}`, sameValues)).json()).toMatchObject({ city: 'Kiel' });
  });

  it('higher_rank: nothing is deleted, edited or deactivated above the own rank', async () => {
    const { c, client } = await setup();
    const coordinatorUser = await createUser(c.deps.db, client, { role: 'COORDINATOR' });
    const boss = await createUser(c.deps.db, client, { role: 'CONTENT_MASTER', city: 'Kiel' });
    await createGroup(c.deps.db, client, { members: [boss, coordinatorUser], coordinators: [coordinatorUser] });
    const coordinator = await signIn(c.app, coordinatorUser);
    for (const res of [
      await coordinator.post(`/api/users/${boss.id}`, { city: 'Lübeck' }),
      await coordinator.del(`/api/users/${boss.id}`),
      await coordinator.post('/api/users/active', { ids: [boss.id], active: false }),
      await coordinator.post('/api/users/bulk', { action: 'sendPasswordReset', selection: { ids: [boss.id] } }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'higher_rank' });
    }
    expect(await userRow(c, boss.id)).toMatchObject({ city: 'Kiel', is_active: true });
  });

  it('role_change_not_allowed: only SUPERADMIN touches ADMIN, only ADMIN and SUPERADMIN change roles', async () => {
    const { c, client, adminUser, admin } = await setup();
    const participant = await createUser(c.deps.db, client);
    const otherAdmin = await createUser(c.deps.db, client, { role: 'ADMIN' });
    const reseller = await signIn(c.app, await createUser(c.deps.db, client, { role: 'RESELLER' }));
    const cases = [
      await admin.post(`/api/users/${participant.id}`, { role: 'ADMIN' }),
      await admin.post(`/api/users/${otherAdmin.id}`, { role: 'PARTICIPANT' }),
      await admin.post(`/api/users/${adminUser.id}`, { role: 'COORDINATOR' }),
      await admin.post('/api/users', { firstName: 'N', lastName: 'N', email: 'n@example.test', role: 'ADMIN' }),
      await reseller.post(`/api/users/${participant.id}`, { role: 'COORDINATOR' }),
      await reseller.post('/api/users', {
        firstName: 'N',
        lastName: 'N',
        email: 'm@example.test',
        role: 'COORDINATOR',
      }),
    ];
    for (const res of cases) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'role_change_not_allowed' });
    }
    expect((await userRow(c, participant.id))?.role).toBe('PARTICIPANT');
    expect((await userRow(c, otherAdmin.id))?.role).toBe('ADMIN');
    expect((await userRow(c, adminUser.id))?.role).toBe('ADMIN');
    const ok = await admin.post(`/api/users/${participant.id}`, { role: 'COORDINATOR' });
    expect(ok.json()).toMatchObject({ role: 'COORDINATOR' });
    const superadmin = await signIn(c.app, await createUser(c.deps.db, client, { role: 'SUPERADMIN' }));
    expect((await superadmin.post(`/api/users/${participant.id}`, { role: 'ADMIN' })).json()).toMatchObject({
      role: 'ADMIN',
    });
  });

  it('only a SUPERADMIN gives or takes the reseller roles: an ADMIN gets 403 role_change_not_allowed', async () => {
    const { c, client, admin } = await setup();
    const participant = await createUser(c.deps.db, client);
    const resellerUser = await createUser(c.deps.db, client, { role: 'RESELLER_COORDINATOR' });
    const cases = [
      await admin.post(`/api/users/${participant.id}`, { role: 'RESELLER' }),
      await admin.post(`/api/users/${participant.id}`, { role: 'RESELLER_COORDINATOR' }),
      await admin.post(`/api/users/${resellerUser.id}`, { role: 'PARTICIPANT' }),
      await admin.post('/api/users', { firstName: 'R', lastName: 'R', email: 'r@example.test', role: 'RESELLER' }),
    ];
    for (const res of cases) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'role_change_not_allowed' });
    }
    expect((await userRow(c, participant.id))?.role).toBe('PARTICIPANT');
    expect((await userRow(c, resellerUser.id))?.role).toBe('RESELLER_COORDINATOR');
    const superadmin = await signIn(c.app, await createUser(c.deps.db, client, { role: 'SUPERADMIN' }));
    // DECISIONS "Clients": the reseller roles exist only in reseller clients, for a SUPERADMIN too.
    const refused = await superadmin.post(`/api/users/${participant.id}`, { role: 'RESELLER' });
    expect(refused.json()).toMatchObject({ error: 'reseller_role_needs_reseller_client' });
    await c.deps.db.updateTable('clients').set({ is_reseller: true }).where('id', '=', client.id).execute();
    for (const role of ['RESELLER', 'RESELLER_COORDINATOR'] as const) {
      const res = await superadmin.post(`/api/users/${participant.id}`, { role });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ role });
    }
  });

  it('externally_managed: only the role of a SCIM user is editable; no reset, status change or deletion', async () => {
    const { c, client, admin } = await setup();
    const scim = await createUser(c.deps.db, client, { login_type: LOGIN_TYPES.SCIM, city: 'Hamburg' });
    const group = await createGroup(c.deps.db, client);
    for (const res of [
      await admin.post(`/api/users/${scim.id}`, { city: 'Berlin' }),
      await admin.post(`/api/users/${scim.id}`, { password: 'Neu-Passwort-1!' }),
      await admin.post(`/api/users/${scim.id}`, { groupIds: [group.id] }),
      await admin.post('/api/users/bulk', { action: 'sendPasswordReset', selection: { ids: [scim.id] } }),
      await admin.post('/api/users/active', { ids: [scim.id], active: false }),
      await admin.del(`/api/users/${scim.id}`),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'externally_managed' });
    }
    expect(await userRow(c, scim.id)).toMatchObject({ city: 'Hamburg', is_active: true });
    expect(await groupIds(c, scim.id)).toEqual([]);
    const sameValues = await admin.post(`/api/users/${scim.id}`, { city: 'Hamburg', role: 'COORDINATOR' });
    expect(sameValues.json()).toMatchObject({ role: 'COORDINATOR', externallyManaged: true });
  });

  it('no_action_selected and no_users_selected for bulk actions', async () => {
    const { c, client, admin } = await setup();
    const other = await createUser(c.deps.db, client);
    expect((await admin.post('/api/users/bulk', { selection: { ids: [other.id] } })).json()).toMatchObject({
      error: 'no_action_selected',
    });
    expect((await admin.post('/api/users/bulk', { action: 'delete' })).json()).toMatchObject({
      error: 'no_users_selected',
    });
    expect((await admin.post('/api/users/bulk', { action: 'delete', selection: { ids: [] } })).json()).toMatchObject({
      error: 'no_users_selected',
    });
    const empty = { action: 'delete', selection: { all: true, filter: { search: 'nobody-matches-this' } } };
    expect((await admin.post('/api/users/bulk', empty)).json()).toMatchObject({ error: 'no_users_selected' });
    expect(await userRow(c, other.id)).toBeDefined();
  });

  it('users_not_same_count: deleting ids of which one does not exist deletes nothing', async () => {
    const { c, client, admin } = await setup();
    const a = await createUser(c.deps.db, client);
    const b = await createUser(c.deps.db, client);
    const res = await admin.del('/api/users/', { ids: [a.id, b.id, crypto.randomUUID()] });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'users_not_same_count' });
    expect(await userRow(c, a.id)).toBeDefined();
    expect(await userRow(c, b.id)).toBeDefined();
    const ok = await admin.del('/api/users/', { ids: [a.id, b.id] });
    expect(ok.json()).toEqual({ deleted: 2 });
  });

  it('group_coordinator_leave and group_required for coordinators', async () => {
    const { c, client } = await setup();
    const me = await createUser(c.deps.db, client, { role: 'COORDINATOR' });
    const member = await createUser(c.deps.db, client);
    const group = await createGroup(c.deps.db, client, { members: [me, member], coordinators: [me] });
    const coordinator = await signIn(c.app, me);
    const unselect = await coordinator.post(`/api/users/${me.id}`, { groupIds: [] });
    expect(unselect.json()).toMatchObject({ error: 'group_coordinator_leave' });
    const leave = await coordinator.post('/api/users/bulk', {
      action: 'removeFromGroup',
      groupId: group.id,
      selection: { ids: [member.id, me.id] },
    });
    expect(leave.json()).toMatchObject({ error: 'group_coordinator_leave' });
    expect((await groupIds(c, me.id)).sort()).toEqual([group.id]);
    expect(await groupIds(c, member.id)).toEqual([group.id]);
    const noGroup = await coordinator.post('/api/users', { firstName: 'N', lastName: 'N', email: 'g@example.test' });
    expect(noGroup.json()).toMatchObject({ error: 'group_required' });
    const ok = await coordinator.post('/api/users', {
      firstName: 'N',
      lastName: 'N',
      email: 'g@example.test',
      groupIds: [group.id],
    });
    expect(ok.statusCode).toBe(200);
  });
});
