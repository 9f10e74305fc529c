import { afterAll, beforeAll, expect, it } from 'vitest';
import { createClient, createUser, signIn } from '../../../test/factories';
import { drainJobs, mailHandler, TestClock, workerDeps } from '../../../test/mail-test-kit';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp-test-server';
import { caller, describeEachDialect } from '../../../test/test-app';
import { openMailTransport } from '../../platform/mailer';
import { enqueueMail } from '../mail/mail-queue';
import { smtpOptions } from './client-smtp.service';
import { decryptSmtpPassword } from './smtp-secret';

const PASSWORD = 'Smtp-Pa55word-§-never-shown';

const settings = (port: number, overrides: Record<string, unknown> = {}) => ({
  fromAddress: 'training@firm.example',
  fromName: 'Training',
  host: '127.0.0.1',
  port,
  secure: false,
  username: 'mailer',
  password: PASSWORD,
  rejectUnauthorized: true,
  ...overrides,
});

describeEachDialect('client SMTP settings', (ctx) => {
  let clientSmtp: TestSmtp;
  let platformSmtp: TestSmtp;
  beforeAll(async () => {
    clientSmtp = await startTestSmtp({ auth: { user: 'mailer', pass: PASSWORD } });
    platformSmtp = await startTestSmtp();
  });
  afterAll(async () => {
    await clientSmtp.stop();
    await platformSmtp.stop();
  });

  const asAdmin = async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    return { client, admin: await signIn(app, await createUser(deps.db, client, { role: 'ADMIN' })) };
  };

  it('stores the password encrypted and never answers it', async () => {
    const { deps } = ctx();
    const { client, admin } = await asAdmin();
    const saved = await admin.post(`/api/client-smtp/${client.id}`, settings(clientSmtp.port));
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      clientId: client.id,
      host: '127.0.0.1',
      hasPassword: true,
      enabled: true,
      username: 'mailer',
    });
    const read = await admin.get(`/api/client-smtp/${client.id}`);
    expect(read.json()).toMatchObject({ smtp: { hasPassword: true, fromAddress: 'training@firm.example' } });
    for (const body of [saved.body, read.body]) {
      expect(body).not.toContain(PASSWORD);
      expect(body).not.toContain('password_enc');
    }
    const row = await deps.db
      .selectFrom('client_smtp')
      .select('password_enc')
      .where('client_id', '=', client.id)
      .executeTakeFirstOrThrow();
    expect(row.password_enc).not.toContain(PASSWORD);
    expect(decryptSmtpPassword(deps.config.appSecret, row.password_enc ?? '')).toBe(PASSWORD);
  });

  it('keeps the stored password when a save leaves it out, and removes it on null', async () => {
    const { client, admin } = await asAdmin();
    await admin.post(`/api/client-smtp/${client.id}`, settings(clientSmtp.port));
    const { password: _left, ...withoutPassword } = settings(clientSmtp.port, { fromName: 'Renamed' });
    const kept = await admin.post(`/api/client-smtp/${client.id}`, withoutPassword);
    expect(kept.json()).toMatchObject({ fromName: 'Renamed', hasPassword: true });
    const cleared = await admin.post(`/api/client-smtp/${client.id}`, { ...withoutPassword, password: null });
    expect(cleared.json()).toMatchObject({ hasPassword: false });
  });

  // Issue 28 point 5: Beta's admin pointed the reseller's relay settings at their own server, left the password
  // empty, pressed "test" and read the relay's password in AUTH PLAIN.
  it('drops the stored password when host, port, TLS mode or user name change without a new one', async () => {
    const { client, admin } = await asAdmin();
    const { password: _left, ...withoutPassword } = settings(clientSmtp.port);
    for (const change of [
      { host: 'localhost' },
      { port: clientSmtp.port + 1 },
      { secure: true },
      { username: 'other' },
    ]) {
      await admin.post(`/api/client-smtp/${client.id}`, settings(clientSmtp.port));
      const saved = await admin.post(`/api/client-smtp/${client.id}`, { ...withoutPassword, ...change });
      expect(saved.json(), JSON.stringify(change)).toMatchObject({ ...change, hasPassword: false });
    }
    // A new password with the change is kept; a save of the same account without one keeps the stored one.
    const withNew = await admin.post(`/api/client-smtp/${client.id}`, settings(clientSmtp.port, { username: 'new' }));
    expect(withNew.json()).toMatchObject({ username: 'new', hasPassword: true });
    const same = await admin.post(`/api/client-smtp/${client.id}`, { ...withoutPassword, username: 'new' });
    expect(same.json()).toMatchObject({ hasPassword: true });
  });

  it('never offers the stored password to a host it was not given for, on test or on delivery', async () => {
    const { deps } = ctx();
    const hostile = await startTestSmtp({ auth: { user: 'mailer', pass: 'anything' } });
    try {
      const { client, admin } = await asAdmin();
      await admin.post(`/api/client-smtp/${client.id}`, settings(clientSmtp.port));
      expect((await admin.post(`/api/client-smtp/${client.id}/test`)).statusCode).toBe(200);
      const { password: _left, ...withoutPassword } = settings(hostile.port);
      expect((await admin.post(`/api/client-smtp/${client.id}`, withoutPassword)).json()).toMatchObject({
        port: hostile.port,
        hasPassword: false,
      });
      await admin.post(`/api/client-smtp/${client.id}/test`);
      await deps.db
        .transaction()
        .execute((trx) =>
          enqueueMail(trx, client.id, { to: 'x@example.test', subject: 'S', text: 'T', locale: 'de-DE' }),
        );
      const handler = mailHandler();
      await drainJobs(workerDeps(deps, { smtpUrl: platformSmtp.url }), [handler], new TestClock());
      await handler.close?.();
      expect(hostile.authAttempts.map((a) => a.password)).not.toContain(PASSWORD);
    } finally {
      await hostile.stop();
    }
  });

  it('sends AUTH only over TLS unless SMTP_ALLOW_PRIVATE is set', async () => {
    const { deps } = ctx();
    const { client, admin } = await asAdmin();
    await admin.post(`/api/client-smtp/${client.id}`, settings(clientSmtp.port));
    const row = await deps.db
      .selectFrom('client_smtp')
      .selectAll()
      .where('client_id', '=', client.id)
      .executeTakeFirstOrThrow();
    const verify = async (allowPrivate: boolean) => {
      const options = smtpOptions(row, '127.0.0.1', { appSecret: deps.config.appSecret, allowPrivate });
      const transport = openMailTransport({ kind: 'smtp', options });
      try {
        return await transport.verify().then(
          () => 'ok',
          (err: Error) => err.message,
        );
      } finally {
        transport.close();
      }
    };
    // The test server offers no STARTTLS: with the rule in force nodemailer insists on it and never sends AUTH.
    const before = clientSmtp.authAttempts.length;
    expect(await verify(false)).not.toBe('ok');
    expect(clientSmtp.authAttempts.length).toBe(before);
    expect(await verify(true)).toBe('ok');
    expect(clientSmtp.authAttempts.length).toBe(before + 1);
  });

  it('answers null before anything is stored, and 404 when deleting nothing', async () => {
    const { client, admin } = await asAdmin();
    expect((await admin.get(`/api/client-smtp/${client.id}`)).json()).toEqual({ smtp: null });
    expect((await admin.del(`/api/client-smtp/${client.id}`)).statusCode).toBe(404);
    await admin.post(`/api/client-smtp/${client.id}`, settings(clientSmtp.port));
    expect((await admin.del(`/api/client-smtp/${client.id}`)).json()).toEqual({ ok: true });
    expect((await admin.get(`/api/client-smtp/${client.id}`)).json()).toEqual({ smtp: null });
  });

  it('answers 400 with field details for bad input', async () => {
    const { client, admin } = await asAdmin();
    const res = await admin.post(`/api/client-smtp/${client.id}`, {
      ...settings(25),
      fromAddress: 'not-an-address',
      port: 70000,
      host: 'bad host!',
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json<{ details: { fields: { field: string }[] } }>().details.fields.map((f) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['body.fromAddress', 'body.port', 'body.host']));
  });

  it('refuses roles without the SMTP capability (403), and another client (404)', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    for (const role of ['PARTICIPANT', 'COORDINATOR', 'CONTENT_MASTER', 'RESELLER_COORDINATOR'] as const) {
      const user = await signIn(app, await createUser(deps.db, client, { role }));
      expect((await user.get(`/api/client-smtp/${client.id}`)).statusCode).toBe(403);
    }
    const { admin } = await asAdmin();
    const res = await admin.post(`/api/client-smtp/${client.id}`, settings(clientSmtp.port));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
    expect((await admin.get(`/api/client-smtp/${client.id}`)).statusCode).toBe(404);
  });

  it('lets a reseller manage the SMTP of a client it resells, and of no other', async () => {
    const { app, deps } = ctx();
    const reseller = await createClient(deps.db);
    const resold = await createClient(deps.db, { reseller_client_id: reseller.id });
    const foreign = await createClient(deps.db);
    const user = await signIn(app, await createUser(deps.db, reseller, { role: 'RESELLER' }));
    expect((await user.post(`/api/client-smtp/${resold.id}`, settings(clientSmtp.port))).statusCode).toBe(200);
    expect((await user.post(`/api/client-smtp/${foreign.id}`, settings(clientSmtp.port))).statusCode).toBe(404);
  });

  it('passes the connection test with the right login', async () => {
    const { client, admin } = await asAdmin();
    await admin.post(`/api/client-smtp/${client.id}`, settings(clientSmtp.port));
    const res = await admin.post(`/api/client-smtp/${client.id}/test`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ enabled: true, lastTestOk: true, disabledReason: null });
  });

  it("disables the client's SMTP when the connection test fails, says why, and its mail then takes the platform's SMTP", async () => {
    const { deps } = ctx();
    const { client, admin } = await asAdmin();
    await admin.post(`/api/client-smtp/${client.id}`, settings(clientSmtp.port, { password: 'wrong-password' }));
    const res = await admin.post(`/api/client-smtp/${client.id}/test`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'smtp_test_failed',
      details: { reason: expect.stringContaining('535') as unknown, reasonCode: 'auth_failed' },
    });
    const after = (await admin.get(`/api/client-smtp/${client.id}`)).json<{
      smtp: { enabled: boolean; lastTestOk: boolean; disabledReason: string };
    }>();
    // The reason is a code the web app translates (issue 12), the technical text beside it.
    expect(after.smtp).toMatchObject({ enabled: false, lastTestOk: false, disabledReasonCode: 'auth_failed' });
    expect(after.smtp.disabledReason).toContain('535');

    const before = { client: clientSmtp.messages.length, platform: platformSmtp.messages.length };
    const id = await deps.db.transaction().execute((trx) =>
      enqueueMail(trx, client.id, {
        to: 'fallback@example.test',
        subject: 'Über die Plattform',
        text: 'Hallo',
        locale: 'de-DE',
      }),
    );
    const handler = mailHandler();
    await drainJobs(workerDeps(deps, { smtpUrl: platformSmtp.url }), [handler], new TestClock());
    await handler.close?.();
    const delivered = await platformSmtp.waitForMessages(before.platform + 1);
    expect(delivered.at(-1)?.subject).toBe('Über die Plattform');
    expect(clientSmtp.messages.length).toBe(before.client);
    const row = await deps.db
      .selectFrom('mail_queue')
      .select(['status', 'transport'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'sent', transport: 'platform-smtp' });
  });

  it('turns a disabled configuration back on when a later test passes', async () => {
    const { client, admin } = await asAdmin();
    await admin.post(`/api/client-smtp/${client.id}`, settings(clientSmtp.port, { password: 'wrong-password' }));
    await admin.post(`/api/client-smtp/${client.id}/test`);
    // Corrected and saved while the switch still shows the test's "off" (issue 32 point 11): the next passing test
    // switches it back on, as the switch's hint says.
    const saved = await admin.post(`/api/client-smtp/${client.id}`, settings(clientSmtp.port, { enabled: false }));
    expect(saved.json()).toMatchObject({ enabled: false, disabledReasonCode: 'auth_failed' });
    const res = await admin.post(`/api/client-smtp/${client.id}/test`);
    expect(res.json()).toMatchObject({ enabled: true, disabledReason: null, lastTestOk: true });
    // Switched off by hand, with no failed test behind it, it stays off after a passing test.
    await admin.post(`/api/client-smtp/${client.id}`, settings(clientSmtp.port, { enabled: false }));
    const manual = await admin.post(`/api/client-smtp/${client.id}/test`);
    expect(manual.json()).toMatchObject({ enabled: false, lastTestOk: true });
  });

  it('answers 404 client_not_found for an unknown host', async () => {
    const { app } = ctx();
    const res = await caller(app, 'unknown.test').get('/api/client-smtp/0190a8c4-0000-7000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'client_not_found' });
  });
});
