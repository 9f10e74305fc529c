import { expect, it } from 'vitest';
import { createClient, createUser, signIn } from '../../../test/factories';
import { buildLoggedApp } from '../../../test/logged-app';
import { caller, describeEachDialect } from '../../../test/test-app';
import { hashToken } from '../../platform/session';

interface Created {
  token: { id: string; status: string; createdByName: string; expiresOn: string | null };
  secret: string;
}

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

describeEachDialect('client tokens (/api/client-token) and the directory ping', (ctx) => {
  async function setup() {
    const { app, deps } = ctx();
    const reseller = await createClient(deps.db);
    const client = await createClient(deps.db, { reseller_client_id: reseller.id });
    const adminUser = await createUser(deps.db, client, { role: 'ADMIN', first_name: 'Ada', last_name: 'Admin' });
    const admin = await signIn(app, adminUser);
    const resellerUser = await signIn(
      app,
      await createUser(deps.db, reseller, { role: 'RESELLER', first_name: 'Rita', last_name: 'Reseller' }),
    );
    const ping = (secret?: string, host = client.host) =>
      caller(app, host).inject({
        method: 'GET',
        url: '/api/directory/ping',
        headers: secret ? { authorization: `Bearer ${secret}` } : {},
      });
    return { reseller, client, admin, resellerUser, ping };
  }

  it('shows the secret once at creation (lms_ and 256 bits) and keeps only its SHA-256', async () => {
    const { deps } = ctx();
    const { client, admin } = await setup();
    const res = await admin.post('/api/client-token', { clientId: client.id, name: 'Entra', expiresOn: tomorrow() });
    expect(res.statusCode).toBe(200);
    const { token, secret } = res.json<Created>();
    expect(secret).toMatch(/^lms_[A-Za-z0-9_-]{43}$/);
    expect(token).toMatchObject({ status: 'active', createdByName: 'Ada Admin', expiresOn: tomorrow() });
    const row = await deps.db
      .selectFrom('client_tokens')
      .selectAll()
      .where('id', '=', token.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_hash).toBe(hashToken(secret));
    expect(JSON.stringify(row)).not.toContain(secret.slice(4));
  });

  it('never shows the secret again: not in a list, an invalidation or a log line, at the most verbose level', async () => {
    const { deps } = ctx();
    const { app, lines } = await buildLoggedApp(deps);
    try {
      const client = await createClient(deps.db);
      const admin = await signIn(app, await createUser(deps.db, client, { role: 'ADMIN' }));
      const created = await admin.post('/api/client-token', { clientId: client.id, name: 'SCIM' });
      const { token, secret } = created.json<Created>();
      const directory = caller(app, client.host, secret);
      const later = [
        await admin.get('/api/client-token', { clientId: client.id }),
        await directory.get('/api/directory/ping'),
        await admin.get('/api/client-token', { clientId: client.id, search: 'SCIM' }),
        await admin.del(`/api/client-token/${token.id}`),
        await admin.del(`/api/client-token?clientId=${client.id}`),
        await directory.get('/api/directory/ping'),
        await admin.get('/api/client-token', { clientId: client.id }),
      ];
      expect(later.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 401, 200]);
      const everything = [created.body, ...later.map((r) => r.body), ...lines].join('\n');
      const count = (text: string) => everything.split(text).length - 1;
      expect(count(secret)).toBe(1);
      expect(count(secret.slice(4))).toBe(1);
      expect(lines.length).toBeGreaterThan(10);
      for (const line of lines) expect(line).not.toContain(secret.slice(4, 20));
    } finally {
      await app.close();
    }
  });

  it('answers the ping for an active token of the host client and notes the access at most once a minute', async () => {
    const { deps } = ctx();
    const { client, admin, ping } = await setup();
    const { token, secret } = (
      await admin.post('/api/client-token', { clientId: client.id, name: 'A' })
    ).json<Created>();
    const first = await ping(secret);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ clientId: client.id, clientName: client.name });
    const seen = async () =>
      (
        await deps.db
          .selectFrom('client_tokens')
          .select('last_accessed_at')
          .where('id', '=', token.id)
          .executeTakeFirst()
      )?.last_accessed_at;
    const firstSeen = await seen();
    expect(firstSeen).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await ping(secret)).statusCode).toBe(200);
    expect(await seen()).toBe(firstSeen);
    const twoMinutesAgo = new Date(Date.now() - 120_000).toISOString();
    await deps.db
      .updateTable('client_tokens')
      .set({ last_accessed_at: twoMinutesAgo })
      .where('id', '=', token.id)
      .execute();
    expect((await ping(secret)).statusCode).toBe(200);
    expect(Date.parse((await seen()) ?? '')).toBeGreaterThan(Date.parse(twoMinutesAgo) + 60_000);
    const listed = (await admin.get('/api/client-token', { clientId: client.id })).json<{
      items: { lastAccessedAt: string }[];
    }>();
    expect(listed.items[0]?.lastAccessedAt).toBe(await seen());
  });

  it('refuses an expired, an invalidated, an unknown, a malformed, a missing and another client token (401)', async () => {
    const { app, deps } = ctx();
    const { client, admin, ping } = await setup();
    const expired = (
      await admin.post('/api/client-token', { clientId: client.id, name: 'E', expiresOn: tomorrow() })
    ).json<Created>();
    await deps.db
      .updateTable('client_tokens')
      .set({ expires_on: yesterday() })
      .where('id', '=', expired.token.id)
      .execute();
    const today = new Date().toISOString().slice(0, 10);
    const lastDay = (
      await admin.post('/api/client-token', { clientId: client.id, name: 'T', expiresOn: today })
    ).json<Created>();
    const invalidated = (await admin.post('/api/client-token', { clientId: client.id, name: 'I' })).json<Created>();
    expect((await ping(invalidated.secret)).statusCode).toBe(200);
    await admin.del(`/api/client-token/${invalidated.token.id}`);
    const other = await createClient(deps.db);
    const otherAdmin = await signIn(app, await createUser(deps.db, other, { role: 'ADMIN' }));
    const foreign = (await otherAdmin.post('/api/client-token', { clientId: other.id, name: 'F' })).json<Created>();
    const session = admin as unknown as { token: string };

    expect((await ping(lastDay.secret)).statusCode).toBe(200);
    expect((await ping(foreign.secret, other.host)).statusCode).toBe(200);
    for (const secret of [
      expired.secret,
      invalidated.secret,
      `lms_${'A'.repeat(43)}`,
      'not-a-token',
      foreign.secret,
      session.token,
      undefined,
    ]) {
      const res = await ping(secret);
      expect(`${String(secret).slice(0, 8)} -> ${res.statusCode} ${res.json<{ error: string }>().error}`).toBe(
        `${String(secret).slice(0, 8)} -> 401 client_token_invalid`,
      );
      expect(res.body).not.toContain(client.name);
    }
    const list = (await admin.get('/api/client-token', { clientId: client.id })).json<{
      items: { id: string; status: string; expired: boolean }[];
    }>();
    expect(list.items.find((t) => t.id === expired.token.id)).toMatchObject({ status: 'active', expired: true });
    expect(list.items.find((t) => t.id === invalidated.token.id)).toMatchObject({ status: 'inactive', expired: false });
  });

  it('invalidates all active tokens of a client at once and keeps them listed; other clients keep theirs', async () => {
    const { app, deps } = ctx();
    const { client, admin, ping } = await setup();
    const secrets = [];
    for (const name of ['A', 'B', 'C'])
      secrets.push((await admin.post('/api/client-token', { clientId: client.id, name })).json<Created>().secret);
    const other = await createClient(deps.db);
    const otherAdmin = await signIn(app, await createUser(deps.db, other, { role: 'ADMIN' }));
    const kept = (await otherAdmin.post('/api/client-token', { clientId: other.id, name: 'K' })).json<Created>();
    const res = await admin.del(`/api/client-token?clientId=${client.id}`);
    expect(res.json()).toEqual({ invalidated: 3 });
    expect((await admin.del(`/api/client-token?clientId=${client.id}`)).json()).toEqual({ invalidated: 0 });
    for (const s of secrets) expect((await ping(s)).statusCode).toBe(401);
    expect((await ping(kept.secret, other.host)).statusCode).toBe(200);
    const list = (await admin.get('/api/client-token', { clientId: client.id, sort: 'name', order: 'asc' })).json<{
      items: { name: string; status: string; invalidatedAt: string | null }[];
      total: number;
    }>();
    expect(list.total).toBe(3);
    expect(list.items.map((t) => `${t.name}:${t.status}:${t.invalidatedAt ? 'at' : '-'}`)).toEqual([
      'A:inactive:at',
      'B:inactive:at',
      'C:inactive:at',
    ]);
  });

  it('answers 400 with a code for a past expiry, a missing name and a bad date', async () => {
    const { client, admin } = await setup();
    const past = await admin.post('/api/client-token', { clientId: client.id, name: 'P', expiresOn: yesterday() });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ error: 'client_token_expiry_past' });
    for (const body of [{ name: '' }, { name: 'X', expiresOn: '31.12.2099' }]) {
      const res = await admin.post('/api/client-token', { clientId: client.id, ...body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed' });
    }
  });

  it('lets a RESELLER manage the tokens of a resold client, with its name as creator; 403 to other roles', async () => {
    const { app, deps } = ctx();
    const { reseller, client, resellerUser } = await setup();
    const created = await resellerUser.post('/api/client-token', { clientId: client.id, name: 'R' });
    expect(created.json<Created>().token.createdByName).toBe('Rita Reseller');
    for (const [where, role] of [
      [reseller, 'RESELLER_COORDINATOR'],
      [client, 'COORDINATOR'],
      [client, 'CONTENT_MASTER'],
    ] as const) {
      const session = await signIn(app, await createUser(deps.db, where, { role }));
      expect((await session.get('/api/client-token', { clientId: client.id })).statusCode, role).toBe(403);
      expect((await session.post('/api/client-token', { clientId: client.id, name: 'X' })).statusCode, role).toBe(403);
    }
  });

  it("answers 404 for another client's tokens and leaks nothing", async () => {
    const { app, deps } = ctx();
    const { admin, resellerUser } = await setup();
    const other = await createClient(deps.db);
    const otherAdmin = await signIn(app, await createUser(deps.db, other, { role: 'ADMIN' }));
    const foreign = (
      await otherAdmin.post('/api/client-token', { clientId: other.id, name: 'Geheim' })
    ).json<Created>();
    for (const who of [admin, resellerUser]) {
      const answers = [
        await who.get('/api/client-token', { clientId: other.id }),
        await who.post('/api/client-token', { clientId: other.id, name: 'X' }),
        await who.del(`/api/client-token/${foreign.token.id}`),
        await who.del(`/api/client-token?clientId=${other.id}`),
      ];
      expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 404, 404]);
      for (const a of answers) expect(a.body).not.toContain('Geheim');
    }
    const list = (await otherAdmin.get('/api/client-token', { clientId: other.id })).json<{
      items: { status: string }[];
    }>();
    expect(list.items.map((t) => t.status)).toEqual(['active']);
  });
});
