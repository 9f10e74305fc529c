import { expect, it } from 'vitest';
import { createGroup } from '../../../test/group-factories';
import { describeEachDialect, type Caller } from '../../../test/test-app';
import { createClient, createUser, signIn, type TestUser } from '../../../test/factories';

/** Every user call that names a user, with that user's id. */
function userCalls(session: Caller, target: string, ownGroup: string) {
  const sel = { ids: [target] };
  return [
    ['get', () => session.get(`/api/users/${target}`)],
    ['update', () => session.post(`/api/users/${target}`, { city: 'X' })],
    ['delete one', () => session.del(`/api/users/${target}`)],
    ['delete many', () => session.del('/api/users/', { ids: [target] })],
    ['active', () => session.post('/api/users/active', { ids: [target], active: false })],
    ['picture', () => session.get(`/api/users/${target}/picture`)],
    ['delete picture', () => session.del(`/api/users/${target}/picture`)],
    ...(['activate', 'deactivate', 'delete', 'sendPasswordReset', 'export'] as const).map(
      (action) => [`bulk ${action}`, () => session.post('/api/users/bulk', { action, selection: sel })] as const,
    ),
    ...(['addToGroup', 'removeFromGroup'] as const).map(
      (action) =>
        [
          `bulk ${action}`,
          () => session.post('/api/users/bulk', { action, groupId: ownGroup, selection: sel }),
        ] as const,
    ),
  ] as const;
}

/** Every group call that names a group. */
function groupCalls(session: Caller, group: string, ownUser: string) {
  return [
    ['get group', () => session.get(`/api/groups/${group}`)],
    ['update group', () => session.post(`/api/groups/${group}`, { name: 'Renamed' })],
    ['delete group', () => session.del(`/api/groups/${group}`)],
    [
      'bulk add to it',
      () => session.post('/api/users/bulk', { action: 'addToGroup', groupId: group, selection: { ids: [ownUser] } }),
    ],
    ['user into it', () => session.post(`/api/users/${ownUser}`, { groupIds: [group] })],
    [
      'create into it',
      () =>
        session.post('/api/users', {
          firstName: 'A',
          lastName: 'B',
          email: `n${Date.now()}@x.test`,
          groupIds: [group],
        }),
    ],
  ] as const;
}

async function expectAll404(
  calls: ReadonlyArray<readonly [string, () => Promise<{ statusCode: number; body: string }>]>,
) {
  for (const [name, call] of calls) {
    const res = await call();
    expect(res.statusCode, `${name}: ${res.body}`).toBe(404);
    expect(res.body).not.toContain('"email"');
  }
}

describeEachDialect('tenancy and coordinator scope of users and groups', (ctx) => {
  it("answers 404 for another client's user and group on every call, and lists none of them", async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const foreignClient = await createClient(deps.db);
    const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN' }));
    const own = await createUser(deps.db, client);
    const ownGroup = await createGroup(deps.db, client);
    const foreign = await createUser(deps.db, foreignClient, { last_name: 'Fremd' });
    const foreignGroup = await createGroup(deps.db, foreignClient, { members: [foreign] });
    await expectAll404(userCalls(admin, foreign.id, ownGroup.id));
    await expectAll404(groupCalls(admin, foreignGroup.id, own.id));
    const member = await admin.post('/api/groups', { name: 'Mixed', memberIds: [foreign.id] });
    expect(member.statusCode).toBe(404);
    const list = await admin.get('/api/users', { search: 'fremd' });
    expect(list.json()).toMatchObject({ total: 0, items: [] });
    const groups = await admin.get('/api/groups');
    expect(groups.json<{ items: { id: string }[] }>().items.map((g) => g.id)).toEqual([ownGroup.id]);
    const still = await deps.db
      .selectFrom('users')
      .select(['id', 'is_active'])
      .where('id', '=', foreign.id)
      .executeTakeFirst();
    expect(still).toEqual({ id: foreign.id, is_active: true });
  });

  it('lets a coordinator see and act only on members of the groups they coordinate', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const me = await createUser(deps.db, client, { role: 'COORDINATOR' });
    const mine = await createUser(deps.db, client);
    const outside = await createUser(deps.db, client);
    const myGroup = await createGroup(deps.db, client, { members: [me, mine], coordinators: [me] });
    const otherGroup = await createGroup(deps.db, client, { members: [outside] });
    const coordinator = await signIn(app, me);
    await expectAll404(userCalls(coordinator, outside.id, myGroup.id));
    await expectAll404(groupCalls(coordinator, otherGroup.id, mine.id));
    const listed = (await coordinator.get('/api/users')).json<{ items: TestUser[] }>().items.map((u) => u.id);
    expect(listed.sort()).toEqual([me.id, mine.id].sort());
    const groups = (await coordinator.get('/api/groups')).json<{ items: { id: string }[] }>().items.map((g) => g.id);
    expect(groups).toEqual([myGroup.id]);
    expect((await coordinator.post(`/api/users/${mine.id}`, { city: 'Rostock' })).json()).toMatchObject({
      city: 'Rostock',
    });
  });
});
