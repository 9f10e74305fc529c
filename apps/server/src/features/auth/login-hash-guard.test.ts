import { expect, it } from 'vitest';
import { buildLoggedApp } from '../../../test/logged-app';
import { caller, describeEachDialect } from '../../../test/test-app';
import { createClient, createUser, TEST_PASSWORD } from '../../../test/factories';
import { verifyCounts } from '../../platform/passwords';

const COSTLY = '$argon2id$v=19$m=262144,t=40,p=1$c29tZXNhbHRzb21lc2FsdA$Hk7q9cSxrVd5W3E2V+7u0nYy4cXyWkzM1fN2T8o8m5k';

describeEachDialect('sign-in and stored hashes (issue 28 point 3)', (ctx) => {
  it('never verifies a hash out of bounds planted in the database: fails as a wrong password, logs no hash', async () => {
    const { deps } = ctx();
    const { app, lines } = await buildLoggedApp(deps);
    try {
      const client = await createClient(deps.db);
      const user = await createUser(deps.db, client, { password_hash: COSTLY });
      const before = verifyCounts();
      const res = await caller(app, client.host).post('/api/user/login', {
        emailOrUsername: user.email,
        password: TEST_PASSWORD,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: 'login_failed' });
      const after = verifyCounts();
      expect(after.stored - before.stored).toBe(0);
      expect(after.refused - before.refused).toBe(1);
      const warning = lines.find((l) => l.includes('stored password hash refused'));
      expect(warning).toBeDefined();
      expect(JSON.parse(warning!)).toMatchObject({ level: 40, userId: user.id, problem: 'out_of_bounds' });
      expect(lines.join('\n')).not.toContain('m=262144');
      // Counted like any wrong password: the account locks after ten.
      const row = await deps.db
        .selectFrom('users')
        .select('failed_login_count')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row.failed_login_count).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('checks one password per account at a time: a concurrent try is refused with 429, every check is counted', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const user = await createUser(deps.db, client);
    const tries = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        caller(app, client.host).inject({
          method: 'POST',
          url: '/api/user/login',
          payload: { emailOrUsername: i % 2 ? user.email : user.email.toUpperCase(), password: `wrong-${i}` },
          remoteAddress: `10.28.3.${i}`,
        }),
      ),
    );
    const statuses = tries.map((r) => r.statusCode);
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s !== 429).every((s) => s === 401)).toBe(true);
    const row = await deps.db
      .selectFrom('users')
      .select('failed_login_count')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.failed_login_count).toBe(statuses.filter((s) => s === 401).length);
    // Once the check is over, the next try is checked again.
    const right = await caller(app, client.host).post('/api/user/login', {
      emailOrUsername: user.email,
      password: TEST_PASSWORD,
    });
    expect(right.statusCode).toBe(200);
  });

  it('holds an unknown name the same way', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const tries = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        caller(app, client.host).inject({
          method: 'POST',
          url: '/api/user/login',
          payload: { emailOrUsername: 'nobody@hold.test', password: `wrong-${i}` },
          remoteAddress: `10.28.4.${i}`,
        }),
      ),
    );
    const statuses = tries.map((r) => r.statusCode);
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s !== 429).every((s) => s === 401)).toBe(true);
  });
});
