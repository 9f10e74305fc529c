import { expect, it } from 'vitest';
import { hashPassword } from '../src/platform/passwords';
import { caller, describeEachDialect } from './test-app';
import { createClient, createUser, signIn, TEST_PASSWORD } from './factories';

describeEachDialect('password change', (ctx) => {
  const change = async (
    overrides: { newPassword: string; newPasswordRepeat?: string; currentPassword?: string },
    minLength?: number,
  ) => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db, minLength ? { min_password_length: minLength } : {});
    const user = await createUser(deps.db, client, { email: 'max.mustermann@example.test' });
    const session = await signIn(app, user);
    return session.post('/api/user/password-change', {
      currentPassword: overrides.currentPassword ?? TEST_PASSWORD,
      newPassword: overrides.newPassword,
      newPasswordRepeat: overrides.newPasswordRepeat ?? overrides.newPassword,
    });
  };

  it.each([
    ['password_too_short', 'Ab1!xyz'],
    ['password_too_long', `Ab1!${'x'.repeat(61)}`],
    ['password_too_weak', 'alllowercaseletters'],
    ['password_common', 'Password1'],
    ['password_contains_identity', 'Max.Mustermann1'],
  ])('refuses a password that breaks a rule with %s', async (code, newPassword) => {
    const res = await change({ newPassword });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: code, details: { rule: code } });
  });

  it('refuses a password that contains the username (password_contains_identity)', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const user = await createUser(deps.db, client, { username: 'kowalski', username_normalized: 'kowalski' });
    const res = await (
      await signIn(app, user)
    ).post('/api/user/password-change', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Kowalski-2026',
      newPasswordRepeat: 'Kowalski-2026',
    });
    expect(res.json()).toMatchObject({
      error: 'password_contains_identity',
      details: { rule: 'password_contains_identity' },
    });
  });

  it("applies the client's higher minimum length", async () => {
    const res = await change({ newPassword: 'Kurz-Genug1!' }, 14);
    expect(res.json()).toMatchObject({ error: 'password_too_short' });
  });

  it('refuses a repetition that does not match, and a wrong current password', async () => {
    expect((await change({ newPassword: 'Neu-Passw0rt!', newPasswordRepeat: 'Neu-Passw0rt?' })).json()).toMatchObject({
      error: 'password_mismatch',
    });
    expect((await change({ newPassword: 'Neu-Passw0rt!', currentPassword: 'wrong' })).json()).toMatchObject({
      error: 'password_wrong_current',
    });
  });

  it('refuses the initial password and accepts a good one, ending the other sessions', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const initial = 'Initial-Passw0rt!';
    const user = await createUser(deps.db, client, {
      password: initial,
      initial_password_hash: await hashPassword(initial),
      is_password_change_required: true,
    });
    const first = await signIn(app, user, initial);
    const second = await signIn(app, user, initial);
    expect((await first.get('/api/user/auth')).json()).toMatchObject({ error: 'password_change_required' });
    const same = await first.post('/api/user/password-change', {
      currentPassword: initial,
      newPassword: initial,
      newPasswordRepeat: initial,
    });
    expect(same.json()).toMatchObject({ error: 'password_same_as_initial' });

    const ok = await first.post('/api/user/password-change', {
      currentPassword: initial,
      newPassword: 'Brand-New-Passw0rt',
      newPasswordRepeat: 'Brand-New-Passw0rt',
    });
    expect(ok.statusCode).toBe(200);
    const { token } = ok.json<{ token: string }>();
    expect((await second.get('/api/user/info')).statusCode).toBe(401);
    const fresh = caller(app, client.host, token);
    expect((await fresh.get('/api/user/info')).json()).toMatchObject({ passwordChangeRequired: false });
    expect((await fresh.get('/api/user/auth')).statusCode).toBe(200);
    const old = await caller(app, client.host).post('/api/user/login', {
      emailOrUsername: user.email,
      password: initial,
    });
    expect(old.statusCode).toBe(401);
  });

  it('answers 401 without a session and 404 client_not_found on an unknown host', async () => {
    const { app } = ctx();
    const body = { currentPassword: 'a', newPassword: 'b', newPasswordRepeat: 'b' };
    expect((await caller(app, 'nowhere.example').post('/api/user/password-change', body)).statusCode).toBe(404);
  });
});
