import { expect, it } from 'vitest';
import { createClient, createUser } from '../../../test/factories';
import { sqlitePlan } from '../../../test/sqlite-plan';
import { describeEachDialect } from '../../../test/test-app';
import { userFilterWhere, userPageIds } from './user-list';
import { usersMissingSearchKeys } from './user-search-keys';

// Issue 15: the statements of a users page must cost the same for a tenant of 10,000 as for one of 100,000. A test
// database has no statistics, as a database that grew after its connection opened has none for its new size.
describeEachDialect('user list plans (SQLite)', (ctx) => {
  it('checks for missing search keys in the partial index, not by walking every user of the client', async () => {
    const { deps } = ctx();
    if (deps.dialect !== 'sqlite') return;
    const client = await createClient(deps.db);
    expect(await sqlitePlan(deps.db, usersMissingSearchKeys(deps.db, client.id))).toEqual([
      'SEARCH users USING INDEX users_search_missing (client_id=? AND search_text=?)',
    ]);
  });

  it("reads a page's ids from the sort index alone, in its order, and stops at the page", async () => {
    const { deps } = ctx();
    if (deps.dialect !== 'sqlite') return;
    const client = await createClient(deps.db);
    const admin = await createUser(deps.db, client, { role: 'ADMIN' });
    const scope = { clientId: client.id, dialect: deps.dialect, actorId: admin.id, groupIds: null };
    const where = await userFilterWhere(deps.db, scope, {});
    for (const order of ['asc', 'desc'] as const) {
      const query = { page: 100, pageSize: 100, sort: 'name', order } as const;
      expect(await sqlitePlan(deps.db, userPageIds(deps.db, scope, query, where))).toEqual([
        'SEARCH u USING COVERING INDEX users_client_sort_name (client_id=?)',
      ]);
    }
  });
});
