import { verifyAuditChain } from '../../platform/audit/audit';
import { SYSTEM_WHO } from '../../platform/audit/audit-actor';
import { expect, it } from 'vitest';
import { createClient, createUser } from '../../../test/factories';
import { describeEachDialect } from '../../../test/test-app';
import { directoryOf } from './scim-test-kit';
import { createScimUserBatched } from './scim-user-create';
import { columnsOf, storedDataOf } from './scim-user-map';

const resource = (userName: string, email = userName) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
  userName,
  name: { givenName: 'Grace', familyName: userName.split('@')[0] },
  emails: [{ type: 'work', value: email, primary: true }],
  active: true,
});

describeEachDialect('SCIM creates of one turn, batched (issue 33)', (ctx) => {
  it('answers each create of one batch as if they ran one by one: 201s, and 409 for the later of two logins', async () => {
    const { app, deps } = ctx();
    const demo = await directoryOf(app, deps.db);
    const beta = await createClient(deps.db);
    await createUser(deps.db, demo.client, { email: 'taken@demo.test' });
    const base = `http://${demo.client.host}/scim/v2`;
    const create = (clientId: string, body: ReturnType<typeof resource>) => {
      const data = storedDataOf(body);
      return createScimUserBatched(deps.db, { clientId, base, data, columns: columnsOf(data), who: SYSTEM_WHO });
    };
    // Called in one turn: one batch, two clients.
    const outcomes = await Promise.allSettled([
      create(demo.client.id, resource('ada@demo.test')),
      create(demo.client.id, resource('ada@demo.test', 'other@demo.test')),
      create(demo.client.id, resource('bob@demo.test', 'taken@demo.test')),
      create(demo.client.id, resource('taken@demo.test', 'carl@demo.test')),
      create(demo.client.id, resource('dora@demo.test')),
      create(beta.id, resource('ada@demo.test')),
    ]);
    const statuses = outcomes.map((o) =>
      o.status === 'fulfilled' ? 201 : `${(o.reason as { status: number }).status} ${(o.reason as Error).message}`,
    );
    expect(statuses).toEqual([
      201,
      '409 userName is in use.',
      '409 The e-mail is in use.',
      '409 userName is in use.',
      201,
      201,
    ]);
    // What the batch answered is what a read answers afterwards.
    for (const o of outcomes.slice(0, 5)) {
      if (o.status !== 'fulfilled') continue;
      const created = o.value as { id: string; userName: string };
      const read = await demo.call('GET', `/Users/${created.id}`);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(created);
    }
    const list = await demo.call('GET', '/Users');
    expect(list.json<{ totalResults: number }>().totalResults).toBe(2);
    // One trail entry per created user, written in one statement, as an unbroken chain of consecutive seqs.
    const entries = await deps.db
      .selectFrom('audit_entries')
      .select(['seq', 'object_id'])
      .where('client_id', '=', demo.client.id)
      .where('action', '=', 'scim.write')
      .orderBy('seq')
      .execute();
    const created = outcomes
      .slice(0, 5)
      .flatMap((o) => (o.status === 'fulfilled' ? [(o.value as { id: string }).id] : []));
    expect(entries.map((e) => e.object_id)).toEqual(created);
    expect(Number(entries[1]?.seq) - Number(entries[0]?.seq)).toBe(1);
    expect((await verifyAuditChain(deps.db, demo.client.id)).broken).toBeNull();
  });
});
