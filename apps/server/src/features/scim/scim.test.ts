import { LOGIN_TYPES } from '@lms/contracts/roles';
import { expect, it } from 'vitest';
import { createClient, createUser, signIn, TEST_PASSWORD } from '../../../test/factories';
import { caller, describeEachDialect } from '../../../test/test-app';
import { createSession } from '../../platform/session';
import { createCourse } from '../trainings/test-trainings';
import { directoryOf, type Directory } from './scim-test-kit';

const user = (userName: string, more: Record<string, unknown> = {}) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
  userName,
  name: { givenName: 'Grace', familyName: userName.split('@')[0] },
  emails: [{ type: 'work', value: userName, primary: true }],
  active: true,
  ...more,
});

async function createScimUser(dir: Directory, userName: string, more: Record<string, unknown> = {}) {
  const res = await dir.call('POST', '/Users', user(userName, more));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

const SCIM_ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

describeEachDialect('SCIM 2.0 at /scim/v2', (ctx) => {
  it("keeps a token of Beta out of Demo: Demo's host refuses it, and on Beta's host Demo's users do not exist", async () => {
    const { app, deps } = ctx();
    const demo = await directoryOf(app, deps.db);
    const beta = await directoryOf(app, deps.db);
    const demoUser = await createScimUser(demo, 'ada@demo.test');
    const onDemoHost = await app.inject({
      method: 'GET',
      url: `/scim/v2/Users/${demoUser}`,
      headers: { host: demo.client.host, authorization: `Bearer ${beta.secret}` },
    });
    expect(onDemoHost.statusCode).toBe(401);
    expect(onDemoHost.json()).toMatchObject({ schemas: [SCIM_ERROR], status: '401' });
    expect(onDemoHost.headers['www-authenticate']).toMatch(/^Bearer/);
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', user('ada@demo.test', { active: false })],
      [
        'PATCH',
        {
          schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
          Operations: [{ op: 'replace', value: { active: false } }],
        },
      ],
      ['DELETE', undefined],
    ] as const) {
      const res = await beta.call(method, `/Users/${demoUser}`, body);
      expect(`${method} ${res.statusCode}`).toBe(`${method} 404`);
      expect(res.body).not.toContain('ada@demo.test');
    }
    const list = await beta.call('GET', '/Users?filter=userName eq "ada@demo.test"');
    expect(list.json()).toMatchObject({ totalResults: 0, Resources: [] });
    const still = await demo.call('GET', `/Users/${demoUser}`);
    expect(still.json()).toMatchObject({ userName: 'ada@demo.test', active: true });
  });

  it('answers 401 to an expired, an invalidated, an unknown or a missing token, and notes the last access', async () => {
    const { app, deps } = ctx();
    const dir = await directoryOf(app, deps.db);
    expect((await dir.call('GET', '/Users')).statusCode).toBe(200);
    const touched = await deps.db
      .selectFrom('client_tokens')
      .select('last_accessed_at')
      .where('id', '=', dir.tokenId)
      .executeTakeFirstOrThrow();
    expect(touched.last_accessed_at).not.toBeNull();
    const none = await app.inject({ method: 'GET', url: '/scim/v2/Users', headers: { host: dir.client.host } });
    expect(none.statusCode).toBe(401);
    expect((await dir.call('GET', '/Users', undefined, { authorization: 'Bearer lms_madeup' })).statusCode).toBe(401);

    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await deps.db.updateTable('client_tokens').set({ expires_on: yesterday }).where('id', '=', dir.tokenId).execute();
    const expired = await dir.call('GET', '/Users');
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ schemas: [SCIM_ERROR], status: '401' });

    const other = await directoryOf(app, deps.db);
    const admin = await signIn(app, await createUser(deps.db, other.client, { role: 'SUPERADMIN' }));
    expect((await admin.del(`/api/client-token/${other.tokenId}`)).statusCode).toBe(200);
    expect((await other.call('GET', '/Users')).statusCode).toBe(401);
    // A session of the client is no directory token.
    const session = await signIn(app, await createUser(deps.db, other.client, { role: 'SUPERADMIN' }));
    expect((await caller(app, other.client.host, session.token).get('/scim/v2/Users')).statusCode).toBe(401);
  });

  it('makes externally managed participants: login type SCIM, no password login, only the role editable in the app', async () => {
    const { app, deps } = ctx();
    const dir = await directoryOf(app, deps.db);
    const id = await createScimUser(dir, 'grace@corp.test', { password: 'Secret-123!', externalId: 'ext-1' });
    const row = await deps.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      login_type: LOGIN_TYPES.SCIM,
      role: 'PARTICIPANT',
      email: 'grace@corp.test',
      username: 'grace@corp.test',
      external_id: 'ext-1',
      password_hash: null,
    });
    expect(JSON.stringify(await deps.db.selectFrom('scim_resources').selectAll().execute())).not.toContain(
      'Secret-123!',
    );
    const login = await caller(app, dir.client.host).post('/api/user/login', {
      emailOrUsername: 'grace@corp.test',
      password: TEST_PASSWORD,
    });
    expect(login.statusCode).toBeGreaterThanOrEqual(400);

    const admin = await signIn(app, await createUser(deps.db, dir.client, { role: 'ADMIN' }));
    const renamed = await admin.post(`/api/users/${id}`, { firstName: 'Changed' });
    expect(renamed.json()).toMatchObject({ error: 'externally_managed' });
    const promoted = await admin.post(`/api/users/${id}`, { role: 'COORDINATOR' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    // The directory never changes the role back.
    await dir.call('PATCH', `/Users/${id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', path: 'name.givenName', value: 'Gracie' }],
    });
    const after = await deps.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ role: 'COORDINATOR', first_name: 'Gracie' });
  });

  it('ends the sessions of a user the directory deactivates', async () => {
    const { app, deps } = ctx();
    const dir = await directoryOf(app, deps.db);
    const id = await createScimUser(dir, 'linus@corp.test');
    await createSession(deps.db, { id, clientId: dir.client.id }, {});
    const count = () =>
      deps.db
        .selectFrom('sessions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', id)
        .executeTakeFirstOrThrow();
    expect(Number((await count()).n)).toBe(1);
    const res = await dir.call('PATCH', `/Users/${id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(res.json()).toMatchObject({ active: false });
    expect(Number((await count()).n)).toBe(0);
  });

  it('makes group membership changes reach trainings as the app does', async () => {
    const { app, deps } = ctx();
    const dir = await directoryOf(app, deps.db);
    const admin = await signIn(app, await createUser(deps.db, dir.client, { role: 'ADMIN', locale: 'en-US' }));
    const { courseId } = await createCourse(admin);
    const a = await createScimUser(dir, 'a@corp.test');
    const b = await createScimUser(dir, 'b@corp.test');
    const group = (await dir.call('POST', '/Groups', { displayName: 'Warehouse', members: [{ value: a }] })).json<{
      id: string;
    }>().id;
    const training = await admin.post('/api/course-training', { courseId, groupIds: [group] });
    expect(training.statusCode, training.body).toBe(200);
    const trainingId = training.json<{ id: string }>().id;
    const participants = async () =>
      (
        await deps.db
          .selectFrom('training_participants')
          .select('user_id')
          .where('training_id', '=', trainingId)
          .where('is_assigned', '=', true)
          .execute()
      )
        .map((r) => r.user_id)
        .sort();
    expect(await participants()).toEqual([a]);
    const patch = (Operations: unknown[]) =>
      dir.call('PATCH', `/Groups/${group}`, { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations });
    expect((await patch([{ op: 'Add', path: 'members', value: [{ value: b }] }])).statusCode).toBe(204);
    expect(await participants()).toEqual([a, b].sort());
    expect((await patch([{ op: 'Remove', path: `members[value eq "${a}"]` }])).statusCode).toBe(204);
    expect(await participants()).toEqual([b]);
    // The app cannot edit the directory's group, and a group a training uses cannot be deleted.
    expect((await admin.post(`/api/groups/${group}`, { name: 'Renamed' })).json()).toMatchObject({
      error: 'externally_managed',
    });
    const del = await dir.call('DELETE', `/Groups/${group}`);
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({ schemas: [SCIM_ERROR], status: '409' });
  });

  it('pages with startIndex and count, filters with eq and and, and refuses other filters with invalidFilter', async () => {
    const { app, deps } = ctx();
    const dir = await directoryOf(app, deps.db);
    for (let i = 1; i <= 5; i++) await createScimUser(dir, `p${i}@corp.test`, { externalId: `x${i}` });
    const page = (await dir.call('GET', '/Users?startIndex=2&count=2')).json<{
      totalResults: number;
      startIndex: number;
      itemsPerPage: number;
      Resources: Array<{ userName: string }>;
    }>();
    expect(page).toMatchObject({ totalResults: 5, startIndex: 2, itemsPerPage: 2 });
    expect(page.Resources.map((r) => r.userName)).toEqual(['p2@corp.test', 'p3@corp.test']);
    expect((await dir.call('GET', '/Users?count=0')).json()).toMatchObject({ totalResults: 5, Resources: [] });
    expect((await dir.call('GET', '/Users?startIndex=9')).json()).toMatchObject({ totalResults: 5, Resources: [] });
    const both = await dir.call('GET', '/Users?filter=userName eq "P3@corp.test" and externalId eq "x3"');
    expect(both.json()).toMatchObject({ totalResults: 1, Resources: [{ userName: 'p3@corp.test' }] });
    const mismatch = await dir.call('GET', '/Users?filter=userName eq "p3@corp.test" and externalId eq "x4"');
    expect(mismatch.json()).toMatchObject({ totalResults: 0 });
    for (const f of ['userName co "p"', 'userName eq "a" or userName eq "b"', 'title eq "x"', 'userName eq']) {
      const res = await dir.call('GET', `/Users?filter=${encodeURIComponent(f)}`);
      expect(`${f}: ${res.statusCode}`).toBe(`${f}: 400`);
      expect(res.json()).toMatchObject({ schemas: [SCIM_ERROR], scimType: 'invalidFilter' });
    }
  });

  it('answers errors in the SCIM format: bad JSON, missing userName, unknown member, unknown endpoint', async () => {
    const { app, deps } = ctx();
    const dir = await directoryOf(app, deps.db);
    const bad = await app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: {
        host: dir.client.host,
        authorization: `Bearer ${dir.secret}`,
        'content-type': 'application/scim+json',
      },
      payload: '{"userName":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ schemas: [SCIM_ERROR], status: '400', scimType: 'invalidSyntax' });
    const noName = await dir.call('POST', '/Users', { name: { givenName: 'x' } });
    expect(noName.json()).toMatchObject({ status: '400', scimType: 'invalidValue' });
    const group = await dir.call('POST', '/Groups', { displayName: 'G', members: [{ value: 'nobody' }] });
    expect(group.json()).toMatchObject({ status: '400', scimType: 'invalidValue' });
    const badOp = await dir.call('PATCH', '/Users/whatever', { Operations: [{ op: 'move', path: 'x' }] });
    expect(badOp.json()).toMatchObject({ status: '400', scimType: 'invalidSyntax' });
    const unknown = await dir.call('GET', '/Bulk');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ schemas: [SCIM_ERROR], status: '404' });
    // An app-made account with the same login is a clash, never taken over.
    await createUser(deps.db, dir.client, { email: 'taken@corp.test' });
    const clash = await dir.call('POST', '/Users', user('taken@corp.test'));
    expect(clash.json()).toMatchObject({ status: '409', scimType: 'uniqueness' });
  });

  it('describes itself: ServiceProviderConfig, ResourceTypes and Schemas', async () => {
    const { app, deps } = ctx();
    const dir = await directoryOf(app, deps.db);
    const spc = await dir.call('GET', '/ServiceProviderConfig');
    expect(spc.headers['content-type']).toMatch(/^application\/scim\+json/);
    expect(spc.json()).toMatchObject({
      patch: { supported: true },
      filter: { supported: true },
      bulk: { supported: false },
    });
    const types = (await dir.call('GET', '/ResourceTypes')).json<{ Resources: Array<{ id: string }> }>();
    expect(types.Resources.map((r) => r.id)).toEqual(['User', 'Group']);
    expect((await dir.call('GET', '/ResourceTypes/User')).json()).toMatchObject({ endpoint: '/Users' });
    const schemas = (await dir.call('GET', '/Schemas')).json<{ totalResults: number }>();
    expect(schemas.totalResults).toBe(3);
    expect((await dir.call('GET', '/Schemas/urn:ietf:params:scim:schemas:core:2.0:User')).json()).toMatchObject({
      name: 'User',
    });
    expect((await dir.call('GET', '/Schemas/nope')).statusCode).toBe(404);
  });

  it('answers 404 on a host that is no client', async () => {
    const { app, deps } = ctx();
    const dir = await directoryOf(app, deps.db);
    await createClient(deps.db);
    const res = await app.inject({
      method: 'GET',
      url: '/scim/v2/Users',
      headers: { host: 'nowhere.test', authorization: `Bearer ${dir.secret}` },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ schemas: [SCIM_ERROR] });
  });
});
