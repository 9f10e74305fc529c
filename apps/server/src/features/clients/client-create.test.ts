import type { TClient } from '@lms/contracts/client-admin';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TestClock, drainJobs, workerDeps } from '../../../test/mail-test-kit';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp-test-server';
import { caller, describeEachDialect } from '../../../test/test-app';
import { createJobHandlers } from '../../job-handlers';
import { clientRow, newClientBody, resellerWorld } from './client-test-kit';

const NEW_PASSWORD = 'Neu-Passw0rt!x9';

describeEachDialect('creating clients (issue 11 point 6)', (ctx) => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(() => smtp.stop());

  it('lets a SUPERADMIN create a reseller client whose first ADMIN activates the account from the mail', async () => {
    const { app, deps } = ctx();
    const w = await resellerWorld(ctx());
    const superadmin = await w.as(w.reseller, 'SUPERADMIN');
    const body = newClientBody({ isReseller: true, supportEmail: 'hilfe@acme.example' });
    const res = await superadmin.post('/api/client', body);
    expect(res.statusCode).toBe(200);
    const created = res.json<TClient>();
    expect(created).toMatchObject({ isReseller: true, resellerClientId: null, figures: { activeUsers: 1 } });
    const admin = await deps.db
      .selectFrom('users')
      .select(['role', 'password_hash', 'email'])
      .where('client_id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(admin).toMatchObject({ role: 'ADMIN', password_hash: null, email: body.admin.email });
    const queued = await deps.db
      .selectFrom('mail_queue')
      .select(['to_address', 'template_kind'])
      .where('client_id', '=', created.id)
      .execute();
    expect(queued).toEqual([{ to_address: body.admin.email, template_kind: 'activation' }]);

    smtp.messages.length = 0;
    await drainJobs(workerDeps(deps, { smtpUrl: smtp.url }), createJobHandlers(), new TestClock());
    const [mail] = await smtp.waitForMessages(1);
    const link = /https?:\/\/([^/\s]+)\/init-password\?(?:locale=[\w-]+&)?token=([\w-]+)/.exec(mail?.text ?? '');
    expect(link?.[1]).toBe(created.platformDomain);
    const activated = await caller(app, created.platformDomain).post('/api/user/activate', {
      token: link?.[2],
      purpose: 'activation',
      newPassword: NEW_PASSWORD,
      newPasswordRepeat: NEW_PASSWORD,
    });
    expect(activated.statusCode).toBe(200);
    const login = await caller(app, created.platformDomain).post('/api/user/login', {
      emailOrUsername: body.admin.email,
      password: NEW_PASSWORD,
    });
    expect(login.json()).toMatchObject({ user: { role: 'ADMIN', clientId: created.id } });
  });

  it('lets a RESELLER create a client that its own client resells, never a reseller client', async () => {
    const { deps } = ctx();
    const w = await resellerWorld(ctx());
    const reseller = await w.as(w.reseller, 'RESELLER');
    const res = await reseller.post('/api/client', newClientBody());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isReseller: false, resellerClientId: w.reseller.id });
    expect((await clientRow(deps.db, res.json<TClient>().id)).reseller_client_id).toBe(w.reseller.id);
    expect((await reseller.post('/api/client', newClientBody({ isReseller: true }))).statusCode).toBe(403);
    // A RESELLER of a client that is no reseller client creates nothing.
    const stray = await w.as(w.resold, 'RESELLER');
    expect((await stray.post('/api/client', newClientBody())).statusCode).toBe(403);
  });

  it('creates nothing when a part fails: a taken admin address of the new client cannot clash, a bad body is 400', async () => {
    const { deps } = ctx();
    const w = await resellerWorld(ctx());
    const superadmin = await w.as(w.reseller, 'SUPERADMIN');
    const before = await deps.db.selectFrom('clients').select('id').execute();
    const noAdmin = await superadmin.post('/api/client', { name: 'Ohne Admin', platformDomain: 'ohne.example' });
    expect(noAdmin.json()).toMatchObject({ error: 'validation_failed' });
    const badDomain = await superadmin.post('/api/client', newClientBody({ platformDomain: 'not a host' }));
    expect(badDomain.json()).toMatchObject({ error: 'platform_domain_invalid' });
    expect(await deps.db.selectFrom('clients').select('id').execute()).toHaveLength(before.length);
  });
});
