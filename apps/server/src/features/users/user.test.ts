import { expect, it } from 'vitest';
import { createGroup } from '../../../test/group-factories';
import { caller, describeEachDialect } from '../../../test/test-app';
import { createClient, createUser, signIn, TEST_PASSWORD } from '../../../test/factories';

interface Page {
  items: { id: string; firstName: string; lastName: string; email: string | null; groups: { name: string }[] }[];
  total: number;
  page: number;
  pageSize: number;
}

describeEachDialect('user list and editing', (ctx) => {
  it('pages on the server with 100 rows by default and the page sizes of the spec', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN' }));
    for (let i = 0; i < 11; i++)
      await createUser(deps.db, client, { last_name: `Person ${String(i).padStart(2, '0')}` });
    const first = (await admin.get('/api/users')).json<Page>();
    expect(first).toMatchObject({ total: 12, page: 1, pageSize: 100 });
    const small = (await admin.get('/api/users', { pageSize: '10', page: '2' })).json<Page>();
    expect(small.items).toHaveLength(2);
    const bad = await admin.get('/api/users', { pageSize: '20' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'validation_failed' });
  });

  it('sorts by name case-insensitively, umlauts with their base letter, both directions', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN', last_name: 'Admin' }));
    for (const last of ['zimmer', 'Öztürk', 'Bauer', 'de Vries'])
      await createUser(deps.db, client, { last_name: last });
    const asc = (await admin.get('/api/users', { sort: 'name' })).json<Page>().items.map((u) => u.lastName);
    expect(asc).toEqual(['Admin', 'Bauer', 'de Vries', 'Öztürk', 'zimmer']);
    const desc = (await admin.get('/api/users', { sort: 'name', order: 'desc' }))
      .json<Page>()
      .items.map((u) => u.lastName);
    expect(desc).toEqual([...asc].reverse());
  });

  it('searches name, e-mail, username, personnel number, company and group; every word must match', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN' }));
    const company = {
      id: crypto.randomUUID(),
      client_id: client.id,
      name: 'Hafenbetriebe',
      name_normalized: 'hafenbetriebe',
      created_at: new Date().toISOString(),
    };
    await deps.db.insertInto('companies').values(company).execute();
    const mueller = await createUser(deps.db, client, {
      first_name: 'Jörg',
      last_name: 'Müller',
      personell_number: 'P-4711',
    });
    const other = await createUser(deps.db, client, {
      first_name: 'Anna',
      last_name: 'Schmidt',
      company_id: company.id,
    });
    const byName = await createUser(deps.db, client, { username: 'kapitaen.k', username_normalized: 'kapitaen.k' });
    await createGroup(deps.db, client, { name: 'Werft Nord', members: [mueller] });
    const find = async (search: string) =>
      (await admin.get('/api/users', { search }))
        .json<Page>()
        .items.map((u) => u.id)
        .sort();
    expect(await find('müller')).toEqual([mueller.id]);
    expect(await find('MULLER')).toEqual([mueller.id]);
    expect(await find('4711')).toEqual([mueller.id]);
    expect(await find('hafen')).toEqual([other.id]);
    expect(await find('werft')).toEqual([mueller.id]);
    expect(await find('werft jörg')).toEqual([mueller.id]);
    expect(await find('werft anna')).toEqual([]);
    expect(await find('kapitaen')).toEqual([byName.id]);
    expect(await find(mueller.email)).toEqual([mueller.id]);
    expect(await find('100%')).toEqual([]);
  });

  it('filters by role, status and group', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN' }));
    const coordinator = await createUser(deps.db, client, { role: 'COORDINATOR' });
    const inactive = await createUser(deps.db, client, { is_active: false });
    const group = await createGroup(deps.db, client, { members: [inactive] });
    const ids = async (q: Record<string, string>) =>
      (await admin.get('/api/users', q)).json<Page>().items.map((u) => u.id);
    expect(await ids({ role: 'COORDINATOR' })).toEqual([coordinator.id]);
    expect(await ids({ status: 'inactive' })).toEqual([inactive.id]);
    expect(await ids({ groupId: group.id })).toEqual([inactive.id]);
  });

  it('creates a user with every field, and the initial password must be changed at the first login', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN' }));
    const group = await createGroup(deps.db, client);
    const body = {
      firstName: 'Grete',
      lastName: 'Größe',
      email: 'Grete@Example.test',
      username: 'grete',
      personnelNumber: '0815',
      password: 'Anfang-2026!x',
      locale: 'fr-FR',
      gender: 'women',
      birthday: '1990-02-03',
      street: 'Hauptstraße 1',
      city: 'Köln',
      hiredSince: '2020-01-01',
      active: true,
      activeFrom: '2020-01-01',
      activeTo: '2999-12-31',
      groupIds: [group.id],
      role: 'PARTICIPANT',
    };
    const res = await admin.post('/api/users', body);
    expect(res.statusCode).toBe(200);
    const user = res.json<Record<string, unknown>>();
    const { groupIds: _groups, password: _password, ...fields } = body;
    expect(user).toMatchObject({ ...fields, email: 'grete@example.test', passwordChangeRequired: true });
    expect(user.groups).toEqual([{ id: group.id, name: group.name, externallyManaged: false }]);
    const login = await caller(app, client.host).post('/api/user/login', {
      emailOrUsername: 'grete',
      password: body.password,
    });
    expect(login.json()).toMatchObject({ passwordChangeRequired: true });
  });

  it('updates only the fields sent and ends the sessions of a deactivated user', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN' }));
    const target = await createUser(deps.db, client, { city: 'Bremen' });
    const session = await signIn(app, target);
    const res = await admin.post(`/api/users/${target.id}`, { lastName: 'Neu', active: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ lastName: 'Neu', city: 'Bremen', active: false });
    expect((await session.get('/api/user/info')).statusCode).toBe(401);
    const login = await caller(app, client.host).post('/api/user/login', {
      emailOrUsername: target.email,
      password: TEST_PASSWORD,
    });
    expect(login.json()).toMatchObject({ error: 'login_failed' });
  });

  it('edits a user who has a company without freezing the database (no query beside the transaction)', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN' }));
    const companyId = crypto.randomUUID();
    await deps.db
      .insertInto('companies')
      .values({
        id: companyId,
        client_id: client.id,
        name: 'Werft',
        name_normalized: 'werft',
        created_at: new Date().toISOString(),
      })
      .execute();
    const target = await createUser(deps.db, client, { company_id: companyId });
    const res = await admin.post(`/api/users/${target.id}`, { lastName: 'Neu', companyId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ lastName: 'Neu', companyId });
    const unknown = await admin.post(`/api/users/${target.id}`, { companyId: crypto.randomUUID() });
    expect(unknown.json()).toMatchObject({ error: 'not_found' });
    expect((await caller(app, client.host).get('/api/health')).statusCode).toBe(200);
  });

  it('answers 400 with field details for bad input, never 500', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN' }));
    for (const body of [
      { lastName: 'x' },
      { firstName: 'a', lastName: 'b', email: 'not-an-email' },
      { firstName: 'a', lastName: 'b', email: 'a@b.test', gender: 'x' },
      { firstName: 'a', lastName: 'b', email: 'a@b.test', birthday: '3.2.1990' },
      { firstName: 'a', lastName: 'b', email: 'a@b.test', activeFrom: '2026-02-01', activeTo: '2026-01-01' },
    ]) {
      const res = await admin.post('/api/users', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed' });
    }
    const noLogin = await admin.post('/api/users', { firstName: 'a', lastName: 'b' });
    expect(noLogin.json()).toMatchObject({ error: 'user_login_required' });
    const weak = await admin.post('/api/users', {
      firstName: 'a',
      lastName: 'b',
      email: 'w@b.test',
      password: 'short',
    });
    expect(weak.json()).toMatchObject({ error: 'password_too_short' });
    expect((await admin.get('/api/users/not-a-uuid')).statusCode).toBe(400);
  });

  it('needs a session and the coordination capability', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const participant = await signIn(app, await createUser(deps.db, client));
    expect((await caller(app, client.host).get('/api/users')).statusCode).toBe(401);
    for (const res of [
      await participant.get('/api/users'),
      await participant.post('/api/users', { firstName: 'a', lastName: 'b', email: 'x@y.test' }),
      await participant.post('/api/users/bulk', {}),
    ])
      expect(res.statusCode).toBe(403);
    const content = await signIn(app, await createUser(deps.db, client, { role: 'CONTENT_MASTER' }));
    expect((await content.get('/api/users')).statusCode).toBe(403);
  });
});
