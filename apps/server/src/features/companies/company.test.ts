import { expect, it } from 'vitest';
import { createClient, createUser, signIn } from '../../../test/factories';
import { multipartFile } from '../../../test/multipart';
import { describeEachDialect, type Caller } from '../../../test/test-app';
import { runDueJobs } from '../../platform/jobs';
import { createUserImportHandler } from '../user-import/user-import.job';

interface CompanyPage {
  items: { id: string; name: string; userCount: number }[];
  total: number;
}

describeEachDialect('companies (/api/company)', (ctx) => {
  async function setup() {
    const { app, deps } = ctx();
    const reseller = await createClient(deps.db);
    const client = await createClient(deps.db, { reseller_client_id: reseller.id });
    const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN' }));
    const coordinator = await signIn(app, await createUser(deps.db, reseller, { role: 'RESELLER_COORDINATOR' }));
    return { reseller, client, admin, coordinator };
  }
  const names = (res: { json: <T>() => T }) => res.json<CompanyPage>().items.map((c) => `${c.name}:${c.userCount}`);

  it('creates, lists with user counts (paged, searched, sorted on the server), renames and deletes', async () => {
    const { deps } = ctx();
    const { client, admin } = await setup();
    const ids: Record<string, string> = {};
    for (const name of ['Werft', 'Hafen', 'Bäckerei']) {
      const res = await admin.post('/api/company', { clientId: client.id, name: ` ${name} ` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ name, userCount: 0, clientId: client.id });
      ids[name] = res.json<{ id: string }>().id;
    }
    await createUser(deps.db, client, { company_id: ids.Hafen });
    await createUser(deps.db, client, { company_id: ids.Hafen });
    await createUser(deps.db, client, { company_id: ids.Werft });
    const byName = await admin.get('/api/company', { clientId: client.id });
    expect(names(byName)).toEqual(['Bäckerei:0', 'Hafen:2', 'Werft:1']);
    const byCount = await admin.get('/api/company', { clientId: client.id, sort: 'userCount', order: 'desc' });
    expect(names(byCount)).toEqual(['Hafen:2', 'Werft:1', 'Bäckerei:0']);
    const page = await admin.get('/api/company', { clientId: client.id, pageSize: '10', page: '2' });
    expect(page.json()).toMatchObject({ items: [], total: 3, page: 2, pageSize: 10 });
    expect(names(await admin.get('/api/company', { clientId: client.id, search: 'WER' }))).toEqual(['Werft:1']);

    const renamed = await admin.post(`/api/company/${ids.Werft}`, { name: 'Werft Nord' });
    expect(renamed.json()).toMatchObject({ name: 'Werft Nord', userCount: 1 });
    // Renaming to its own name in another case is no clash with itself.
    expect((await admin.post(`/api/company/${ids.Werft}`, { name: 'WERFT NORD' })).statusCode).toBe(200);
    expect((await admin.del(`/api/company/${ids['Bäckerei']}`)).json()).toEqual({ ok: true });
    expect((await admin.del(`/api/company/${ids['Bäckerei']}`)).statusCode).toBe(404);
  });

  it('refuses a name the client has in any case (409 company_name_taken) and an empty name (400)', async () => {
    const { app, deps } = ctx();
    const { client, admin } = await setup();
    const other = await createClient(deps.db);
    const otherAdmin = await signIn(app, await createUser(deps.db, other, { role: 'ADMIN' }));
    const first = await admin.post('/api/company', { clientId: client.id, name: 'Acme' });
    const twin = await admin.post('/api/company', { clientId: client.id, name: ' ACME ' });
    expect(twin.statusCode).toBe(409);
    expect(twin.json()).toMatchObject({ error: 'company_name_taken' });
    const second = await admin.post('/api/company', { clientId: client.id, name: 'Beta' });
    const rename = await admin.post(`/api/company/${second.json<{ id: string }>().id}`, { name: 'acme' });
    expect(rename.json()).toMatchObject({ error: 'company_name_taken' });
    // Unique per client: another client may have its own Acme.
    expect((await otherAdmin.post('/api/company', { clientId: other.id, name: 'Acme' })).statusCode).toBe(200);
    const empty = await admin.post('/api/company', { clientId: client.id, name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: 'validation_failed', details: { fields: [{ field: 'body.name' }] } });
    expect(first.statusCode).toBe(200);
  });

  it('refuses to delete a company users belong to (409 company_in_use with their number)', async () => {
    const { deps } = ctx();
    const { client, admin } = await setup();
    const id = (await admin.post('/api/company', { clientId: client.id, name: 'Werft' })).json<{ id: string }>().id;
    const user = await createUser(deps.db, client, { company_id: id });
    const res = await admin.del(`/api/company/${id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'company_in_use', details: { users: 1 } });
    await admin.post(`/api/users/${user.id}`, { companyId: null });
    expect((await admin.del(`/api/company/${id}`)).statusCode).toBe(200);
  });

  it('is chosen in the user form and filters the user list', async () => {
    const { client, admin } = await setup();
    const id = (await admin.post('/api/company', { clientId: client.id, name: 'Werft' })).json<{ id: string }>().id;
    const options = await admin.get('/api/users/companies');
    expect(options.json()).toEqual({ items: [{ id, name: 'Werft' }] });
    const created = await admin.post('/api/users', {
      firstName: 'Karl',
      lastName: 'Kran',
      email: 'karl@example.test',
      role: 'PARTICIPANT',
      companyId: id,
      sendActivationMail: false,
    });
    expect(created.json()).toMatchObject({ companyId: id, companyName: 'Werft' });
    const filtered = await admin.get('/api/users', { companyId: id });
    expect(filtered.json<{ items: { lastName: string }[] }>().items.map((u) => u.lastName)).toEqual(['Kran']);
    expect(names(await admin.get('/api/company', { clientId: client.id }))).toEqual(['Werft:1']);
  });

  it('gets a company from a CSV import that names one the client does not know, matching known ones in any case', async () => {
    const { deps } = ctx();
    const { client, admin } = await setup();
    await admin.post('/api/company', { clientId: client.id, name: 'Werft' });
    const csv =
      'firstName;lastName;email;company\nA;Eins;a@example.test;WERFT\nB;Zwei;b@example.test;Neue Reederei\nC;Drei;c@example.test;neue reederei\n';
    await runImport(admin, csv, () => runDueJobs(deps, [createUserImportHandler()]));
    expect(names(await admin.get('/api/company', { clientId: client.id }))).toEqual(['Neue Reederei:2', 'Werft:1']);
  });

  it('lets a RESELLER_COORDINATOR read a resold client (not write: 403); 404 for a client out of reach', async () => {
    const { deps } = ctx();
    const { client, admin, coordinator } = await setup();
    const id = (await admin.post('/api/company', { clientId: client.id, name: 'Werft' })).json<{ id: string }>().id;
    expect(names(await coordinator.get('/api/company', { clientId: client.id }))).toEqual(['Werft:0']);
    expect((await coordinator.post('/api/company', { clientId: client.id, name: 'X' })).statusCode).toBe(403);
    expect((await coordinator.post(`/api/company/${id}`, { name: 'X' })).statusCode).toBe(403);
    expect((await coordinator.del(`/api/company/${id}`)).statusCode).toBe(403);
    const stranger = await createClient(deps.db);
    for (const res of [
      await admin.get('/api/company', { clientId: stranger.id }),
      await coordinator.get('/api/company', { clientId: stranger.id }),
      await admin.post('/api/company', { clientId: stranger.id, name: 'X' }),
    ])
      expect(res.statusCode).toBe(404);
  });

  it("answers 404 for another client's company and leaks nothing", async () => {
    const { app, deps } = ctx();
    const { admin } = await setup();
    const other = await createClient(deps.db);
    const otherAdmin = await signIn(app, await createUser(deps.db, other, { role: 'ADMIN' }));
    const id = (await otherAdmin.post('/api/company', { clientId: other.id, name: 'Geheim GmbH' })).json<{
      id: string;
    }>().id;
    const answers = [
      await admin.get('/api/company', { clientId: other.id }),
      await admin.post(`/api/company/${id}`, { name: 'Übernommen' }),
      await admin.del(`/api/company/${id}`),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 404]);
    for (const a of answers) expect(a.body).not.toContain('Geheim');
    expect(names(await otherAdmin.get('/api/company', { clientId: other.id }))).toEqual(['Geheim GmbH:0']);
  });
});

async function runImport(session: Caller, csv: string, work: () => Promise<number>) {
  const uploaded = await session.inject({
    method: 'POST',
    url: '/api/users/import',
    ...multipartFile(csv, 'u.csv', 'text/csv'),
  });
  const preview = uploaded.json<{ id: string; mapping: unknown[] }>();
  const run = await session.post(`/api/users/import/${preview.id}/run`, {
    mapping: preview.mapping,
    sendActivationMail: false,
  });
  expect(run.statusCode, run.body).toBe(200);
  while ((await work()) > 0);
  expect((await session.get(`/api/users/import/${preview.id}`)).json()).toMatchObject({ created: 3 });
}
