import { expect, it, onTestFinished, vi } from 'vitest';
import { REQUEST_LIMITS } from '../src/platform/request-limits';
import { createClient, createUser, signIn } from './factories';
import { caller, describeEachDialect, type Caller } from './test-app';

/**
 * Issue 28 point 7: each call that adds rows, mails or calls out has a limit (platform/request-limits.ts) and answers
 * 429 `rate_limited` at the call after it. The clock stands still early in the next full hour (so early in a minute
 * too), so the counts are exact and the sessions signed in just now stay valid.
 */
const holdClock = () => {
  const hour = 3_600_000;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(Math.ceil(Date.now() / hour) * hour + 5_000));
  onTestFinished(() => void vi.useRealTimers());
};

async function statusesOf(times: number, call: (i: number) => Promise<{ statusCode: number }>) {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) statuses.push((await call(i)).statusCode);
  return statuses;
}

describeEachDialect('request limits', (ctx) => {
  const entraClient = () =>
    createClient(ctx().deps.db, { is_entra_enabled: true, entra_client_id: 'app', entra_tenant_id: 'tenant' });

  it('limits one IP to 30 Entra nonces a minute; another IP is not held back', async () => {
    const client = await entraClient();
    holdClock();
    const web = caller(ctx().app, client.host);
    const nonce = (remoteAddress: string) =>
      web.inject({ method: 'POST', url: '/api/user/entra-nonce', remoteAddress });
    const max = REQUEST_LIMITS.entraNonce.max;
    expect(max).toBe(30);
    expect(await statusesOf(max + 1, () => nonce('203.0.113.20'))).toEqual([...Array<number>(max).fill(200), 429]);
    expect((await nonce('203.0.113.21')).statusCode).toBe(200);
    const rows = await ctx()
      .deps.db.selectFrom('entra_nonces')
      .select('nonce_hash')
      .where('client_id', '=', client.id)
      .execute();
    expect(rows).toHaveLength(max + 1);
  });

  it('limits one IP to 30 Entra sign-ins a minute', async () => {
    const client = await entraClient();
    holdClock();
    const web = caller(ctx().app, client.host);
    const max = REQUEST_LIMITS.entraLogin.max;
    const statuses = await statusesOf(max + 1, () =>
      web.inject({
        method: 'POST',
        url: '/api/user/login-with-entra-id',
        payload: { idToken: 'not.a.token', accessToken: 'x' },
        remoteAddress: '203.0.113.22',
      }),
    );
    expect(statuses.slice(0, max).every((s) => s !== 429)).toBe(true);
    expect(statuses[max]).toBe(429);
  });

  it('limits one user to 30 private messages a minute; another user is not held back', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const recipient = await createUser(deps.db, client);
    const sender = await signIn(app, await createUser(deps.db, client));
    const other = await signIn(app, await createUser(deps.db, client));
    holdClock();
    const send = (who: Caller, i: number) =>
      who.post('/api/messages/private', { recipientId: recipient.id, subject: `S${i}`, body: 'Hallo' });
    const max = REQUEST_LIMITS.privateMessage.max;
    expect(await statusesOf(max + 1, (i) => send(sender, i))).toEqual([...Array<number>(max).fill(200), 429]);
    expect((await send(other, 0)).statusCode).toBe(200);
  });

  it('limits one user to 10 data-change requests an hour', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const user = await signIn(app, await createUser(deps.db, client));
    holdClock();
    const max = REQUEST_LIMITS.dataChangeRequest.max;
    const statuses = await statusesOf(max + 1, (i) =>
      user.post('/api/user/changerequest', { message: `Bitte ändern ${i}`, lastName: 'Neu' }),
    );
    expect(statuses).toEqual([...Array<number>(max).fill(200), 429]);
  });

  it('limits one user to 20 SMTP tests an hour', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN' }));
    holdClock();
    const max = REQUEST_LIMITS.smtpTest.max;
    const statuses = await statusesOf(max + 1, () => admin.post(`/api/client-smtp/${client.id}/test`, {}));
    expect(statuses.slice(0, max).every((s) => s !== 429)).toBe(true);
    expect(statuses[max]).toBe(429);
  });
});
