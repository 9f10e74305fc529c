import { LOGIN_TYPES } from '@lms/contracts/roles';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createClient, createUser, signIn, TEST_PASSWORD } from '../../../test/factories';
import { drainJobs, mailHandler, TestClock, workerDeps } from '../../../test/mail-test-kit';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp-test-server';
import { caller, describeEachDialect, type TestContext } from '../../../test/test-app';

const NEW_PASSWORD = 'Neues-Passwort-7!';

describeEachDialect('password reset and account activation', (ctx) => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterEach(() => {
    smtp.messages.length = 0;
  });
  afterAll(() => smtp.stop());

  /** Delivers the queued mails to the test SMTP server (the platform's SMTP_URL) and answers them. */
  async function deliver(c: TestContext, count: number) {
    await drainJobs(workerDeps(c.deps, { smtpUrl: smtp.url }), [mailHandler()], new TestClock());
    return smtp.waitForMessages(count);
  }
  const linkIn = (text: string | undefined, path: string) => {
    const m = new RegExp(`(https?://[^\\s]+${path}\\?token=([\\w-]+))`).exec(text ?? '');
    if (!m?.[1] || !m[2]) throw new Error(`no ${path} link in: ${text}`);
    return { url: m[1], token: m[2] };
  };
  const queued = async (c: TestContext, clientId: string) =>
    Number(
      (
        await c.deps.db
          .selectFrom('mail_queue')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('client_id', '=', clientId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('mails a link that sets a new password once; the old password stops working', async () => {
    const c = ctx();
    const client = await createClient(c.deps.db);
    const user = await createUser(c.deps.db, client, { first_name: 'Jürgen' });
    const session = await signIn(c.app, user);
    // A Host with another case and a port still names the client; the link comes from its platform domain.
    const res = await caller(c.app, `${client.host.toUpperCase()}:8443`).post('/api/user/password-reset/', {
      emailOrUsername: user.email,
      locale: 'en-US',
    });
    expect(res.json()).toEqual({ sentTo: user.email });
    const [mail] = await deliver(c, 1);
    expect(mail?.to).toMatchObject({ value: [{ address: user.email }] });
    const link = linkIn(mail?.text, '/reset-password');
    expect(link.url.startsWith(`https://${client.host}/reset-password?token=`)).toBe(true);

    const anon = caller(c.app, client.host);
    expect((await anon.post('/api/user/link-check', { token: link.token, purpose: 'reset' })).json()).toEqual({
      valid: true,
    });
    const set = await anon.post('/api/user/activate', {
      token: link.token,
      purpose: 'reset',
      newPassword: NEW_PASSWORD,
      newPasswordRepeat: NEW_PASSWORD,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ userId: user.id });
    expect((await session.get('/api/user/info')).statusCode).toBe(401);
    const oldLogin = await anon.post('/api/user/login', { emailOrUsername: user.email, password: TEST_PASSWORD });
    expect(oldLogin.json()).toMatchObject({ error: 'login_failed' });
    expect(
      (await anon.post('/api/user/login', { emailOrUsername: user.email, password: NEW_PASSWORD })).statusCode,
    ).toBe(200);
    const again = await anon.post('/api/user/activate', {
      token: link.token,
      purpose: 'reset',
      newPassword: 'Noch-Ein-Passwort-8!',
      newPasswordRepeat: 'Noch-Ein-Passwort-8!',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'reset_link_expired' });
    expect((await anon.post('/api/user/link-check', { token: link.token, purpose: 'reset' })).json()).toEqual({
      valid: false,
    });
  });

  it('answers the same whether or not the account exists, and mails only active password users', async () => {
    const c = ctx();
    const client = await createClient(c.deps.db);
    const inactive = await createUser(c.deps.db, client, { is_active: false });
    const scim = await createUser(c.deps.db, client, { login_type: LOGIN_TYPES.SCIM });
    const anon = caller(c.app, client.host);
    for (const asked of ['nobody@example.test', inactive.email, scim.email]) {
      const res = await anon.post('/api/user/password-reset', { email: asked });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ sentTo: asked });
    }
    expect(await queued(c, client.id)).toBe(0);
    expect((await anon.post('/api/user/password-reset', {})).json()).toMatchObject({ error: 'validation_failed' });
  });

  it('a link of 24 hours expires; the wrong purpose or an unknown token fails with its own code', async () => {
    const c = ctx();
    const client = await createClient(c.deps.db);
    const user = await createUser(c.deps.db, client);
    const anon = caller(c.app, client.host);
    await anon.post('/api/user/password-reset/', { emailOrUsername: user.email });
    const link = linkIn((await deliver(c, 1))[0]?.text, '/reset-password');
    const body = { token: link.token, newPassword: NEW_PASSWORD, newPasswordRepeat: NEW_PASSWORD };
    expect((await anon.post('/api/user/activate', { ...body, purpose: 'activation' })).json()).toMatchObject({
      error: 'activation_failed',
    });
    const mismatch = await anon.post('/api/user/activate', { ...body, purpose: 'reset', newPasswordRepeat: 'x' });
    expect(mismatch.json()).toMatchObject({ error: 'password_mismatch' });
    const weak = await anon.post('/api/user/activate', {
      ...body,
      purpose: 'reset',
      newPassword: 'kurz',
      newPasswordRepeat: 'kurz',
    });
    expect(weak.json()).toMatchObject({ error: 'password_too_short' });
    await c.deps.db
      .updateTable('user_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    expect((await anon.post('/api/user/activate', { ...body, purpose: 'reset' })).json()).toMatchObject({
      error: 'reset_link_expired',
    });
    const unknown = await anon.post('/api/user/activate', { ...body, token: 'x'.repeat(43), purpose: 'reset' });
    expect(unknown.json()).toMatchObject({ error: 'reset_link_expired' });
    const login = await anon.post('/api/user/login', { emailOrUsername: user.email, password: TEST_PASSWORD });
    expect(login.statusCode).toBe(200);
  });

  it('a reset also lifts a login lock (DECISIONS "lockout")', async () => {
    const c = ctx();
    const client = await createClient(c.deps.db);
    const user = await createUser(c.deps.db, client, { locked_until: new Date(Date.now() + 600_000).toISOString() });
    const anon = caller(c.app, client.host);
    await anon.post('/api/user/password-reset/', { emailOrUsername: user.email });
    const link = linkIn((await deliver(c, 1))[0]?.text, '/reset-password');
    await anon.post('/api/user/activate', {
      token: link.token,
      purpose: 'reset',
      newPassword: NEW_PASSWORD,
      newPasswordRepeat: NEW_PASSWORD,
    });
    expect(
      (await anon.post('/api/user/login', { emailOrUsername: user.email, password: NEW_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('a user created without a password gets an activation mail whose link sets the first password', async () => {
    const c = ctx();
    const client = await createClient(c.deps.db);
    const admin = await signIn(c.app, await createUser(c.deps.db, client, { role: 'ADMIN' }));
    const created = await admin.post('/api/users', {
      firstName: 'Neu',
      lastName: 'Ling',
      email: 'neuling@example.test',
      locale: 'fr-FR',
    });
    expect(created.statusCode).toBe(200);
    const [mail] = await deliver(c, 1);
    const link = linkIn(mail?.text, '/init-password');
    const anon = caller(c.app, client.host);
    const res = await anon.post('/api/user/activate', {
      token: link.token,
      purpose: 'activation',
      newPassword: NEW_PASSWORD,
      newPasswordRepeat: NEW_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json<{ token: string }>().token;
    expect((await caller(c.app, client.host, token).get('/api/user/info')).json()).toMatchObject({
      email: 'neuling@example.test',
    });
  });

  it('the bulk action sends reset mails to the selected users', async () => {
    const c = ctx();
    const client = await createClient(c.deps.db);
    const admin = await signIn(c.app, await createUser(c.deps.db, client, { role: 'ADMIN' }));
    const a = await createUser(c.deps.db, client);
    const b = await createUser(c.deps.db, client);
    const res = await admin.post('/api/users/bulk', { action: 'sendPasswordReset', selection: { ids: [a.id, b.id] } });
    expect(res.json()).toEqual({ action: 'sendPasswordReset', affected: 2 });
    const mails = await deliver(c, 2);
    expect(mails.map((m) => (m.to && 'value' in m.to ? m.to.value[0]?.address : '')).sort()).toEqual(
      [a.email, b.email].sort(),
    );
  });
});
