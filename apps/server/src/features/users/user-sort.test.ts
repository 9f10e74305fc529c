import { expect, it } from 'vitest';
import type { Db } from '../../db/database';
import { newId, nowIso } from '../../platform/ids';
import { createClient, createUser, signIn, type TestClient } from '../../../test/factories';
import { createGroup } from '../../../test/group-factories';
import { describeEachDialect } from '../../../test/test-app';

interface Page {
  items: { id: string; lastName: string; companyName: string | null }[];
  total: number;
}

async function createCompany(db: Db, client: TestClient, name: string): Promise<string> {
  const id = newId();
  await db
    .insertInto('companies')
    .values({ id, client_id: client.id, name, name_normalized: name.toLowerCase(), created_at: nowIso() })
    .execute();
  return id;
}

describeEachDialect('user list: group sort and company filter', (ctx) => {
  it('sorts by the alphabetically first group of each user, users in no group last, both directions', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN', last_name: 'Admin' }));
    const anna = await createUser(deps.db, client, { last_name: 'Anna' });
    const bert = await createUser(deps.db, client, { last_name: 'Bert' });
    const cora = await createUser(deps.db, client, { last_name: 'Cora' });
    // Bert's first group is "alpha" although he is in "zulu" too; Anna's only group is "mike".
    await createGroup(deps.db, client, { name: 'zulu', members: [bert, cora] });
    await createGroup(deps.db, client, { name: 'mike', members: [anna] });
    await createGroup(deps.db, client, { name: 'alpha', members: [bert] });
    // A group of another client with a name that would come first must not count (tenancy rule).
    const other = await createClient(deps.db);
    await createGroup(deps.db, other, { name: 'aaa' });

    const names = async (order: string) =>
      (await admin.get('/api/users', { sort: 'group', order })).json<Page>().items.map((u) => u.lastName);
    expect(await names('asc')).toEqual(['Bert', 'Anna', 'Cora', 'Admin']);
    expect(await names('desc')).toEqual(['Admin', 'Cora', 'Anna', 'Bert']);
  });

  it('filters by company, and a company of another client matches nobody', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN' }));
    const harbour = await createCompany(deps.db, client, 'Hafenbetriebe');
    const shipyard = await createCompany(deps.db, client, 'Werft');
    const inHarbour = await createUser(deps.db, client, { company_id: harbour });
    await createUser(deps.db, client, { company_id: shipyard });
    await createUser(deps.db, client);
    const other = await createClient(deps.db);
    const foreign = await createCompany(deps.db, other, 'Hafenbetriebe');
    await createUser(deps.db, other, { company_id: foreign });

    const res = await admin.get('/api/users', { companyId: harbour });
    expect(res.statusCode).toBe(200);
    expect(res.json<Page>()).toMatchObject({ total: 1, items: [{ id: inHarbour.id, companyName: 'Hafenbetriebe' }] });
    expect((await admin.get('/api/users', { companyId: foreign })).json<Page>()).toMatchObject({ total: 0 });
    const companies = (await admin.get('/api/users/companies')).json<{ items: { id: string }[] }>().items;
    expect(companies.map((c) => c.id).sort()).toEqual([harbour, shipyard].sort());
  });

  it('answers 400 for an unknown sort key', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN' }));
    const res = await admin.get('/api/users', { sort: 'groups' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation_failed' });
  });
});
