import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { caller, describeEachDialect } from '../../../test/test-app';
import { createClient, createUser, signIn, TEST_PASSWORD } from '../../../test/factories';

describeEachDialect('sign-in', (ctx) => {
  it('answers a token and the current user for the right password', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const user = await createUser(deps.db, client, { role: 'COORDINATOR' });
    const res = await caller(app, client.host).post('/api/user/login', {
      emailOrUsername: user.email.toUpperCase(),
      password: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      token: string;
      user: { role: string; clientId: string };
      passwordChangeRequired: boolean;
    }>();
    expect(body.token.length).toBeGreaterThanOrEqual(22);
    expect(body.user).toMatchObject({ role: 'COORDINATOR', clientId: client.id });
    const info = await caller(app, client.host, body.token).get('/api/user/info');
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ id: user.id, email: user.email });
  });

  it('accepts a username as well as an e-mail', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const user = await createUser(deps.db, client, { username: 'Max.Muster', username_normalized: 'max.muster' });
    const res = await caller(app, client.host).post('/api/user/login', {
      emailOrUsername: 'max.muster',
      password: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ userId: string }>().userId).toBe(user.id);
  });

  it('answers login_failed and no token for a wrong password or an unknown account', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const user = await createUser(deps.db, client);
    for (const body of [
      { emailOrUsername: user.email, password: 'wrong-password' },
      { emailOrUsername: 'nobody@example.test', password: TEST_PASSWORD },
    ]) {
      const res = await caller(app, client.host).post('/api/user/login', body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: 'login_failed' });
      expect(res.body).not.toContain('token');
    }
  });

  it('answers 400 with field details for a malformed body', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const res = await caller(app, client.host).post('/api/user/login', { emailOrUsername: '' });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: string; details: { fields: { field: string }[] } }>();
    expect(body.error).toBe('validation_failed');
    expect(body.details.fields.map((f) => f.field)).toEqual(
      expect.arrayContaining(['body.emailOrUsername', 'body.password']),
    );
  });

  it('locks the account after 10 failures in a row: the 11th try fails even with the right password', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const user = await createUser(deps.db, client);
    const codes: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await caller(app, client.host).inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { emailOrUsername: user.email, password: `wrong-${i}` },
        remoteAddress: `10.1.0.${i}`,
      });
      codes.push(res.json<{ error: string }>().error);
    }
    expect(codes.slice(0, 9).every((c) => c === 'login_failed')).toBe(true);
    expect(codes[9]).toBe('login_locked');
    const right = await caller(app, client.host).post('/api/user/login', {
      emailOrUsername: user.email,
      password: TEST_PASSWORD,
    });
    expect(right.statusCode).toBe(401);
    expect(right.json()).toMatchObject({ error: 'login_locked' });
  });

  it('answers an unknown name exactly as an existing account: failed nine times, then locked (no account leaks)', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const user = await createUser(deps.db, client);
    const tries = async (emailOrUsername: string) => {
      const answers: { status: number; body: unknown }[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await caller(app, client.host).inject({
          method: 'POST',
          url: '/api/user/login',
          payload: { emailOrUsername, password: `wrong-${i}` },
          remoteAddress: `10.2.${emailOrUsername.length}.${i}`,
        });
        answers.push({ status: res.statusCode, body: res.json() });
      }
      return answers;
    };
    const existing = await tries(user.email ?? '');
    const unknown = await tries(`nobody-${user.email ?? ''}`);
    expect(unknown).toEqual(existing);
    expect(unknown.map((a) => (a.body as { error: string }).error)).toEqual([
      ...Array<string>(9).fill('login_failed'),
      'login_locked',
      'login_locked',
    ]);
    // Case and spaces do not make a fresh name.
    const variant = await caller(app, client.host).inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { emailOrUsername: `  NOBODY-${(user.email ?? '').toUpperCase()} `, password: 'x' },
      remoteAddress: '10.3.0.1',
    });
    expect(variant.json()).toMatchObject({ error: 'login_locked' });
  });

  it('limits one IP to 30 login calls a minute', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const statuses: number[] = [];
    // The window slides: on a slow machine 31 calls across a minute's boundary could see the earlier minute's count
    // weighted below 30. The clock stands still here, early in a minute, so the count is exact.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T10:00:05Z'));
    onTestFinished(() => void vi.useRealTimers());
    for (let i = 0; i < 31; i++) {
      const res = await caller(app, client.host).inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { emailOrUsername: `nobody${i}@example.test`, password: 'x' },
        remoteAddress: '10.9.9.9',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it("refuses a token of another client on this client's host", async () => {
    const { app, deps } = ctx();
    const beta = await createClient(deps.db);
    const demo = await createClient(deps.db);
    const betaUser = await createUser(deps.db, beta);
    const session = await signIn(app, betaUser);
    const res = await caller(app, demo.host, session.token).get('/api/user/info');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'session_expired' });
  });

  it('refuses inactive users and users outside their active window', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const inactive = await createUser(deps.db, client, { is_active: false });
    const future = await createUser(deps.db, client, { active_from: '2999-01-01' });
    for (const u of [inactive, future]) {
      const res = await caller(app, client.host).post('/api/user/login', {
        emailOrUsername: u.email,
        password: TEST_PASSWORD,
      });
      expect(res.json()).toMatchObject({ error: 'login_failed' });
    }
  });

  it('lets only admins and resellers in while the platform is inactive', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db, { is_platform_active: false });
    const participant = await createUser(deps.db, client);
    const admin = await createUser(deps.db, client, { role: 'ADMIN' });
    const p = await caller(app, client.host).post('/api/user/login', {
      emailOrUsername: participant.email,
      password: TEST_PASSWORD,
    });
    expect(p.statusCode).toBe(403);
    expect(p.json()).toMatchObject({ error: 'platform_inactive' });
    await signIn(app, admin);
  });

  it('ends the session on logout', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const session = await signIn(app, await createUser(deps.db, client));
    expect((await session.post('/api/user/logout')).statusCode).toBe(200);
    expect((await session.get('/api/user/auth')).statusCode).toBe(401);
  });

  it('stores the chosen locale', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const session = await signIn(app, await createUser(deps.db, client));
    const res = await session.post('/api/user/locale', { locale: 'fr-FR' });
    expect(res.json()).toMatchObject({ locale: 'fr-FR' });
    expect((await session.post('/api/user/locale', { locale: 'xx-XX' })).statusCode).toBe(400);
    expect((await session.get('/api/user/info')).json()).toMatchObject({ locale: 'fr-FR' });
  });
});

describe('tenancy', () => {
  describeEachDialect('host resolution', (ctx) => {
    it('names the client of the host and answers client_not_found for an unknown host', async () => {
      const { app, deps } = ctx();
      const client = await createClient(deps.db);
      const res = await caller(app, client.host.toUpperCase() + ':3000').get('/api/client/current');
      expect(res.json()).toMatchObject({ id: client.id, name: client.name });
      for (const url of ['/api/client/current', '/api/user/info', '/api/user/login', '/api/does-not-exist']) {
        const unknown = await caller(app, 'nowhere.example').inject({
          method: url.endsWith('login') ? 'POST' : 'GET',
          url,
        });
        expect(unknown.statusCode).toBe(404);
        expect(unknown.json()).toMatchObject({ error: 'client_not_found' });
      }
    });
  });
});
