import { CompiledQuery } from 'kysely';
import { expect, it } from 'vitest';
import { createClient, createUser } from '../../../test/factories';
import { describeEachDialect } from '../../../test/test-app';
import { findLoginClash, findUserByLogin, usersByLogin } from './user.repository';

describeEachDialect('sign-in lookup', (ctx) => {
  it('finds a user by e-mail or by username within the client, and reports clashes of either', async () => {
    const { deps } = ctx();
    const client = await createClient(deps.db);
    const other = await createClient(deps.db);
    const max = await createUser(deps.db, client, { username: 'Max.Muster', username_normalized: 'max.muster' });
    await createUser(deps.db, other, { username: 'erika', username_normalized: 'erika' });

    expect((await findUserByLogin(deps.db, client.id, ` ${max.email.toUpperCase()} `))?.id).toBe(max.id);
    expect((await findUserByLogin(deps.db, client.id, 'MAX.MUSTER'))?.id).toBe(max.id);
    expect(await findUserByLogin(deps.db, client.id, 'erika')).toBeUndefined();

    expect(await findLoginClash(deps.db, client.id, { email: 'max.muster', username: null })).toBe('email_taken');
    expect(await findLoginClash(deps.db, client.id, { email: 'new@example.test', username: max.email })).toBe(
      'username_taken',
    );
    expect(await findLoginClash(deps.db, client.id, { email: max.email, username: 'max.muster' }, max.id)).toBe(
      undefined,
    );
    expect(await findLoginClash(deps.db, other.id, { email: max.email, username: 'max.muster' })).toBe(undefined);
  });

  it('reads the user by its e-mail or username index, not every user of the client (SQLite plan)', async () => {
    const { deps } = ctx();
    if (deps.dialect !== 'sqlite') return;
    const client = await createClient(deps.db);
    const q = usersByLogin(deps.db, client.id, ['someone@example.test']).limit(1).compile();
    const plan = await deps.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]),
    );
    const details = plan.rows.map((r) => r.detail);
    expect(details).toContainEqual(
      expect.stringMatching(/users_client_email \(client_id=\? AND email_normalized=\?\)/),
    );
    expect(details).toContainEqual(
      expect.stringMatching(/users_client_username \(client_id=\? AND username_normalized=\?\)/),
    );
  });
});
