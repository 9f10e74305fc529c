import { expect, it } from 'vitest';
import { createClient, createUser, signIn } from '../../../test/factories';
import { drainJobs, mailHandler, TestClock } from '../../../test/mail-test-kit';
import { describeEachDialect } from '../../../test/test-app';
import { nowIso } from '../../platform/ids';
import { enqueueMail } from '../mail/mail-queue';
import { isPrivateAddress } from './smtp-guard';

it('judges loopback, private, link-local, unspecified and mapped addresses as private', () => {
  for (const a of [
    '127.0.0.1',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '0.0.0.0',
    '100.64.0.1',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    '::ffff:10.0.0.1',
    '::ffff:127.0.0.1',
    '198.18.0.1',
    '224.0.0.1',
    '2001:db8::1',
  ]) {
    expect(isPrivateAddress(a), a).toBe(true);
  }
  for (const a of [
    '93.184.216.34',
    '8.8.8.8',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ]) {
    expect(isPrivateAddress(a), a).toBe(false);
  }
});

// Hardening issue, point 6: IPv6 forms that carry IPv4 loopback and private addresses.
it.each([
  ['IPv4-compatible loopback', '::7f00:1'],
  ['IPv4-compatible private', '::a00:1'],
  ['IPv4-compatible, dotted', '::127.0.0.1'],
  ['NAT64 (RFC 6052) loopback', '64:ff9b::7f00:1'],
  ['NAT64 (RFC 6052) private', '64:ff9b::c0a8:1'],
  ['local-use NAT64 (RFC 8215)', '64:ff9b:1::a00:1'],
  ['6to4 loopback', '2002:7f00:1::'],
  ['6to4 private', '2002:a00:1::1'],
  ['RFC 6145 translated loopback', '::ffff:0:7f00:1'],
  ['Teredo', '2001::1'],
  ['site-local (deprecated)', 'fec0::1'],
  ['discard prefix', '100::1'],
])('refuses %s (%s)', (_name, address) => {
  expect(isPrivateAddress(address)).toBe(true);
});

// Without SMTP_ALLOW_PRIVATE: the guard refuses before any connection is tried.
describeEachDialect(
  'SMTP SSRF guard',
  (ctx) => {
    const body = (host: string, port = 587) => ({
      fromAddress: 'a@firm.example',
      host,
      port,
      secure: false,
      username: null,
      password: 'x',
      rejectUnauthorized: true,
    });

    it('refuses 127.0.0.1, 10.0.0.1, localhost, link-local and IPv6 loopback as SMTP hosts', async () => {
      const { app, deps } = ctx();
      const client = await createClient(deps.db);
      const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN' }));
      for (const host of [
        '127.0.0.1',
        '10.0.0.1',
        'localhost',
        '169.254.169.254',
        '[::1]',
        '192.168.0.10',
        '[::7f00:1]',
        '[64:ff9b::7f00:1]',
        '[2002:7f00:1::]',
      ]) {
        const res = await admin.post(`/api/client-smtp/${client.id}`, body(host));
        expect(res.statusCode, host).toBe(400);
        expect(res.json(), host).toMatchObject({ error: 'smtp_host_not_allowed', details: { reason: 'address' } });
      }
      expect((await admin.get(`/api/client-smtp/${client.id}`)).json()).toEqual({ smtp: null });
    });

    it('allows only ports 25, 465, 587 and 2525', async () => {
      const { app, deps } = ctx();
      const client = await createClient(deps.db);
      const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN' }));
      for (const port of [22, 80, 3306, 8080]) {
        const res = await admin.post(`/api/client-smtp/${client.id}`, body('93.184.216.34', port));
        expect(res.json(), String(port)).toMatchObject({ error: 'smtp_host_not_allowed', details: { reason: 'port' } });
      }
    });

    it('refuses a private address that reached the database at test and at send time, without connecting', async () => {
      const { app, deps } = ctx();
      const client = await createClient(deps.db);
      const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN' }));
      const now = nowIso();
      await deps.db
        .insertInto('client_smtp')
        .values({
          client_id: client.id,
          from_address: 'a@firm.example',
          from_name: null,
          host: '10.0.0.1',
          port: 587,
          is_secure: false,
          username: null,
          password_enc: null,
          is_reject_unauthorized: true,
          is_enabled: true,
          disabled_reason: null,
          last_test_at: null,
          is_last_test_ok: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const id = await deps.db
        .transaction()
        .execute((trx) =>
          enqueueMail(trx, client.id, { to: 'x@example.test', subject: 's', text: 't', locale: 'de-DE' }),
        );
      const handler = mailHandler();
      await drainJobs(deps, [handler], new TestClock());
      await handler.close?.();
      const mail = await deps.db
        .selectFrom('mail_queue')
        .select(['status', 'last_error'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(mail.status).toBe('queued');
      expect(mail.last_error).toContain('smtp_host_not_allowed');

      const res = await admin.post(`/api/client-smtp/${client.id}/test`);
      expect(res.json()).toMatchObject({
        error: 'smtp_test_failed',
        details: {
          reason: expect.stringContaining('smtp_host_not_allowed') as unknown,
          reasonCode: 'host_not_allowed',
        },
      });
      expect((await admin.get(`/api/client-smtp/${client.id}`)).json()).toMatchObject({ smtp: { enabled: false } });
    });
  },
  { smtpAllowPrivate: false },
);
