import { expect, it } from 'vitest';
import { createClient, createUser, signIn } from '../../../test/factories';
import { drainJobs, mailHandler, TestClock, workerDeps } from '../../../test/mail-test-kit';
import { useTestSmtp } from '../../../test/smtp-test-server';
import { caller, describeEachDialect, type TestContext } from '../../../test/test-app';

describeEachDialect('forgot username, data-change requests and my data', (ctx) => {
  const smtp = useTestSmtp();

  const deliver = async (c: TestContext, count: number) => {
    await drainJobs(workerDeps(c.deps, { smtpUrl: smtp().url }), [mailHandler()], new TestClock());
    return smtp().waitForMessages(count);
  };
  const request = {
    name: 'Erika Mustermann',
    email: 'erika@example.test',
    subject: 'Benutzername',
    message: 'Ich habe meinen Benutzernamen vergessen.',
  };

  it('mails a forgot-username request to the support address, once per name and e-mail a day', async () => {
    const c = ctx();
    const client = await createClient(c.deps.db);
    const anon = caller(c.app, client.host);
    const res = await anon.post('/api/user/forgotUsername/', { ...request, locale: 'de-DE' });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await deliver(c, 1);
    expect(mail?.to).toMatchObject({ value: [{ address: `support@${client.host}` }] });
    expect(mail?.replyTo?.value[0]?.address).toBe('erika@example.test');
    expect(mail?.text).toContain('Erika Mustermann');
    expect(mail?.text).toContain('Ich habe meinen Benutzernamen vergessen.');
    // The labels speak the mail's language (issue 12): no English in a German mail.
    expect(mail?.text).toMatch(/Betreff: .*\n/);
    expect(mail?.text).toContain('Nachricht: Ich habe');
    expect(mail?.text).not.toMatch(/\b(Subject|Message):/);
    const again = await anon.post('/api/user/forgotUsername', { ...request, name: ' erika   MUSTERMANN ' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'forgot_username_already_requested' });
    expect((await anon.post('/api/user/forgotUsername', { ...request, email: 'other@example.test' })).statusCode).toBe(
      200,
    );
    await deliver(c, 2);
  });

  it('needs a full name and caps the message at 2,000 characters', async () => {
    const c = ctx();
    const client = await createClient(c.deps.db);
    const anon = caller(c.app, client.host);
    for (const name of ['', 'Erika']) {
      const res = await anon.post('/api/user/forgotUsername/', { ...request, name });
      expect(res.json()).toMatchObject({ error: 'forgot_username_name_required' });
    }
    const long = await anon.post('/api/user/forgotUsername/', { ...request, message: 'x'.repeat(2_001) });
    expect(long.json()).toMatchObject({ error: 'validation_failed' });
    const rows = await c.deps.db
      .selectFrom('forgot_username_requests')
      .selectAll()
      .where('client_id', '=', client.id)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('says so when the client has no support address', async () => {
    const c = ctx();
    const client = await createClient(c.deps.db, { support_email: null });
    const res = await caller(c.app, client.host).post('/api/user/forgotUsername/', request);
    expect(res.json()).toMatchObject({ error: 'mail_send_failed' });
  });

  it('mails a data-change request with the user and the wanted changes to support', async () => {
    const c = ctx();
    const client = await createClient(c.deps.db);
    const user = await createUser(c.deps.db, client, { first_name: 'Jörg', last_name: 'Alt', personell_number: 'P-1' });
    const session = await signIn(c.app, user);
    const res = await session.post('/api/user/changerequest', { lastName: 'Neu', message: 'Ich habe geheiratet.' });
    expect(res.json()).toEqual({ ok: true });
    const [mail] = await deliver(c, 1);
    expect(mail?.to).toMatchObject({ value: [{ address: `support@${client.host}` }] });
    expect(mail?.replyTo?.value[0]?.address).toBe(user.email);
    expect(mail?.text).toContain('Jörg Alt');
    expect(mail?.text).toContain('Neu');
    expect(mail?.text).toContain('Ich habe geheiratet.');
    expect(mail?.text).toContain('Neuer Nachname: Neu');
    expect(mail?.text).not.toMatch(/\b(User|Message|New last name):/);
    expect((await caller(c.app, client.host).post('/api/user/changerequest', { message: 'x' })).statusCode).toBe(401);
    expect((await session.post('/api/user/changerequest', { message: '' })).statusCode).toBe(400);
  });

  it('shows my data and stores locale and the welcome dialog flag', async () => {
    const c = ctx();
    const client = await createClient(c.deps.db);
    const user = await createUser(c.deps.db, client, { city: 'Würzburg' });
    const session = await signIn(c.app, user);
    const profile = await session.get('/api/user/profile');
    expect(profile.json()).toMatchObject({
      id: user.id,
      email: user.email,
      city: 'Würzburg',
      groups: [],
      externallyManaged: false,
    });
    const updated = await session.post('/api/user', { locale: 'en-US', welcomeDialogSeen: true });
    expect(updated.json()).toMatchObject({ locale: 'en-US', welcomeDialogSeen: true });
    expect((await session.post('/api/user', { locale: 'xx' })).statusCode).toBe(400);
  });
});
