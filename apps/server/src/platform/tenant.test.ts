import { expect, it, vi } from 'vitest';
import { TEST_PASSWORD, createClient, createUser, signIn } from '../../test/factories';
import { caller, describeEachDialect } from '../../test/test-app';
import { clientsOnContentHost, contentHostOf, normaliseHost, TenantResolver } from './tenant';

const CONTENT_ORIGIN = 'http://content.test:4001';

it('normalises hosts and takes the content host name from CONTENT_ORIGIN without scheme or port', () => {
  expect(normaliseHost('Demo.Example.:3000')).toBe('demo.example');
  expect(normaliseHost('[::1]:3000')).toBe('[::1]');
  expect(contentHostOf('https://Content.Example:8443')).toBe('content.example');
  expect(contentHostOf('http://[::1]:3001')).toBe('[::1]');
});

// ARCHITECTURE section 6: the content origin's host name never resolves to a client, whatever the port.
describeEachDialect(
  'tenant resolver and the content origin',
  (ctx) => {
    it('answers 404 client_not_found on the content host even when a client has it as platform domain', async () => {
      const { app, deps } = ctx();
      const onContentHost = await createClient(deps.db, { platform_domain: 'content.test' });
      const user = await createUser(deps.db, onContentHost, { role: 'ADMIN' });
      for (const host of ['content.test', 'content.test:4001', 'CONTENT.test:3000', 'content.test.']) {
        const res = await caller(app, host).post('/api/user/login', {
          emailOrUsername: user.email,
          password: TEST_PASSWORD,
        });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ error: 'client_not_found' });
        const me = await caller(app, host).get('/api/user/auth');
        expect(me.statusCode).toBe(404);
        expect(me.json()).toMatchObject({ error: 'client_not_found' });
      }
      expect((await app.inject({ url: '/api/health', headers: { host: 'content.test' } })).statusCode).toBe(200);
    });

    it('still resolves every other client, and names the clashing clients for the start-up warning', async () => {
      const { app, deps } = ctx();
      const other = await createClient(deps.db);
      const admin = await signIn(app, await createUser(deps.db, other, { role: 'ADMIN' }));
      expect((await admin.get('/api/user/auth')).statusCode).toBe(200);
      const names = await clientsOnContentHost(deps.db, CONTENT_ORIGIN);
      expect(names).toHaveLength(1);
      expect(names).not.toContain(other.name);
      expect(await clientsOnContentHost(deps.db, 'http://nobody.test:4001')).toEqual([]);
    });
  },
  { contentOrigin: CONTENT_ORIGIN },
);

// Issue 16: a client change reaches every process within 10 s of its commit. A second resolver is another process:
// it does not hear the first one's forget(), so only the cache's life bounds what it shows.
describeEachDialect('tenant cache bound across processes', (ctx) => {
  it('shows a change made elsewhere once 10 s have passed since its cached read began, never later', async () => {
    const { deps } = ctx();
    const client = await createClient(deps.db, { name: 'Vorher GmbH' });
    const other = new TenantResolver(deps.db);
    const spy = vi.spyOn(Date, 'now');
    try {
      const t0 = Date.parse('2031-01-01T00:00:00.000Z');
      spy.mockReturnValue(t0);
      expect((await other.resolve(client.host))?.name).toBe('Vorher GmbH');
      await deps.db.updateTable('clients').set({ name: 'Nachher GmbH' }).where('id', '=', client.id).execute();
      spy.mockReturnValue(t0 + 9_999);
      expect((await other.resolve(client.host))?.name).toBe('Vorher GmbH');
      spy.mockReturnValue(t0 + 10_000);
      expect((await other.resolve(client.host))?.name).toBe('Nachher GmbH');
    } finally {
      spy.mockRestore();
    }
    // 12,000 lookups one after another: on PostgreSQL with the machine shared, past vitest's 30 s.
  }, 180_000);
});

// The Host header is the caller's to choose: unknown names fill a cache of their own, least recently used first, so
// a flood of them never pushes a client's domain out (the cache used to be emptied whole at 10,000 names).
describeEachDialect('tenant cache under a flood of unknown hosts', (ctx) => {
  it("keeps answering a client's domain from the cache while 12,000 unknown hosts are asked", async () => {
    const { deps } = ctx();
    const client = await createClient(deps.db, { name: 'Bleibt GmbH' });
    const resolver = new TenantResolver(deps.db);
    // The clock stands still: on a loaded machine the flood outlasts the cache's 10 s, which is not what is tested.
    const spy = vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    try {
      expect((await resolver.resolve(client.host))?.name).toBe('Bleibt GmbH');
      // Renamed behind the resolver's back: only a cached answer still says the old name.
      await deps.db.updateTable('clients').set({ name: 'Umbenannt GmbH' }).where('id', '=', client.id).execute();
      for (let i = 0; i < 12_000; i++) expect(await resolver.resolve(`flood-${i}.attacker.test`)).toBeNull();
      expect((await resolver.resolve(client.host))?.name).toBe('Bleibt GmbH');
    } finally {
      spy.mockRestore();
    }
    // 12,000 lookups one after another: on PostgreSQL with the machine shared, past vitest's 30 s.
  }, 180_000);
});
