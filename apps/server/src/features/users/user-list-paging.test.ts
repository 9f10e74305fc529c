import { LIST_TOTAL_CAP } from '@lms/contracts/constants';
import { expect, it } from 'vitest';
import { newId } from '../../platform/ids';
import { createClient, createUser, insertParticipants, signIn } from '../../../test/factories';
import { describeEachDialect } from '../../../test/test-app';

interface Page {
  items: { id: string; lastName: string }[];
  total: number;
  totalCapped: boolean;
}

// Issue 15: deep pages read the ids of the page from the sort index first (late row lookup), and the capped total is
// kept a few seconds per scope and filter; these prove the pages and totals stay exact through both.
describeEachDialect('user list paging and totals', (ctx) => {
  it('pages neither repeat nor skip users, also among equal names and empty values, in every sort and direction', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN', last_name: 'Admin' }));
    // 23 users, most of them with the same name and no last login: only the id tells them apart.
    for (let i = 0; i < 23; i++)
      await createUser(deps.db, client, {
        first_name: 'Gleich',
        last_name: i % 5 === 0 ? `Anders ${i}` : 'Gleich',
        last_login_at: i % 3 === 0 ? `2026-01-${String(10 + (i % 2)).padStart(2, '0')}T00:00:00.000Z` : null,
      });
    for (const sort of ['name', 'lastLogin', 'email', 'role', 'company', 'group'])
      for (const order of ['asc', 'desc']) {
        const whole = (await admin.get('/api/users', { sort, order, pageSize: '50' })).json<Page>().items;
        expect(whole).toHaveLength(24);
        const paged: string[] = [];
        for (let page = 1; page <= 3; page++)
          paged.push(
            ...(await admin.get('/api/users', { sort, order, page: String(page), pageSize: '10' }))
              .json<Page>()
              .items.map((u) => u.id),
          );
        expect(paged, `${sort} ${order}`).toEqual(whole.map((u) => u.id));
      }
  });

  it('counts up to the cap, and the last page within the cap is full and follows the one before', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN' }));
    await insertParticipants(deps.db, client.id, LIST_TOTAL_CAP + 5, (i) => ({
      first_name: 'Viele',
      last_name: `Nutzer ${String(i).padStart(5, '0')}`,
      email: `viele-${i}@example.test`,
    }));
    const last = LIST_TOTAL_CAP / 100;
    const page = async (n: number) =>
      (await admin.get('/api/users', { page: String(n), pageSize: '100' })).json<Page>();
    const [before, end] = [await page(last - 1), await page(last)];
    expect(end).toMatchObject({ total: LIST_TOTAL_CAP, totalCapped: true });
    expect(end.items).toHaveLength(100);
    // The admin's own "User …" name sorts after every "Nutzer …": the cap's last page ends at the 10,000th of them.
    expect(before.items.at(-1)?.lastName).toBe('Nutzer 09899');
    expect(end.items[0]?.lastName).toBe('Nutzer 09900');
    expect(end.items.at(-1)?.lastName).toBe('Nutzer 09999');
    // A page past the cap is empty (unread), and still says there are more.
    const beyond = await page(last + 1);
    expect(beyond).toMatchObject({ items: [], total: LIST_TOTAL_CAP, totalCapped: true });
  });

  it('shows an added, a changed and a deleted user in the total at once, although totals are kept', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN' }));
    const other = await createUser(deps.db, client);
    const total = async (query: Record<string, string> = {}) =>
      (await admin.get('/api/users', query)).json<Page>().total;
    expect(await total()).toBe(2);
    expect(await total({ status: 'active' })).toBe(2);

    const created = await admin.post('/api/users', {
      firstName: 'Neu',
      lastName: 'Angelegt',
      email: `neu-${newId()}@example.test`,
      role: 'PARTICIPANT',
      groupIds: [],
    });
    expect(created.statusCode).toBe(200);
    expect(await total()).toBe(3);

    expect((await admin.post('/api/users/active', { ids: [other.id], active: false })).statusCode).toBe(200);
    expect(await total({ status: 'active' })).toBe(2);
    expect(await total({ status: 'inactive' })).toBe(1);

    expect((await admin.del(`/api/users/${other.id}`)).statusCode).toBe(200);
    expect(await total()).toBe(2);
  });
});
