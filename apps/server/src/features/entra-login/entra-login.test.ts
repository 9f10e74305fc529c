import { LOGIN_TYPES } from '@lms/contracts/roles';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createClient } from '../../../test/factories';
import { startTestProvider, type TestAccount, type TestProvider } from '../../../test/oidc-test-provider';
import { caller, describeEachDialect } from '../../../test/test-app';
import type { Config } from '../../config';
import { directoryOf } from '../scim/scim-test-kit';

// Issue 13 "sign-in tests": a real OpenID provider (oidc-provider) on 127.0.0.1 is ENTRA_AUTHORITY; its tenants
// are mounted as Entra names them (<authority>/<tenant>/v2.0).

const TENANT = 'tenant-a';
const APP = 'app-client-id';
const REDIRECT = 'http://app.test/entra-login';
let provider: TestProvider;
const overrides: Partial<Config> = {};

beforeAll(async () => {
  provider = await startTestProvider({
    tenants: [TENANT, 'tenant-b'],
    clients: [
      { clientId: APP, redirectUris: [REDIRECT] },
      { clientId: 'other-app', redirectUris: [REDIRECT] },
    ],
  });
  overrides.entraAuthority = provider.authority;
});
afterAll(async () => {
  await provider.close();
});

const account = (name: string, more: Partial<TestAccount> = {}): TestAccount => ({
  sub: `sub-${name}`,
  oid: `oid-${name}`,
  email: `${name}@corp.test`,
  name,
  ...more,
});

describeEachDialect(
  'Entra ID sign-in (POST /api/user/login-with-entra-id)',
  (ctx) => {
    async function world() {
      const { app, deps } = ctx();
      const client = await createClient(deps.db, {
        is_entra_enabled: true,
        entra_client_id: APP,
        entra_tenant_id: TENANT,
      });
      const dir = await directoryOf(app, deps.db, client);
      const provision = async (email: string) =>
        (await dir.call('POST', '/Users', { userName: email, emails: [{ type: 'work', value: email }] })).json<{
          id: string;
        }>().id;
      const web = caller(app, client.host);
      const nonce = async () => (await web.post('/api/user/entra-nonce')).json<{ nonce: string }>().nonce;
      const tokenFor = async (a: TestAccount, opts: { tenant?: string; clientId?: string } = {}) =>
        (
          await provider.signIn({
            tenant: opts.tenant ?? TENANT,
            clientId: opts.clientId ?? APP,
            nonce: await nonce(),
            redirectUri: REDIRECT,
            account: a,
          })
        ).id_token;
      const login = (idToken: string) => web.post('/api/user/login-with-entra-id', { idToken, accessToken: 'x' });
      return { app, deps, client, dir, provision, web, nonce, tokenFor, login };
    }

    it('offers the sign-in only with Entra enabled and both ids, and names the authority of the tenant', async () => {
      const { app, deps } = ctx();
      const w = await world();
      expect((await w.web.get('/api/user/entra-config')).json()).toEqual({
        available: true,
        clientId: APP,
        tenantId: TENANT,
        authority: `${provider.authority}/${TENANT}`,
      });
      for (const settings of [
        { is_entra_enabled: false, entra_client_id: APP, entra_tenant_id: TENANT },
        { is_entra_enabled: true, entra_client_id: null, entra_tenant_id: TENANT },
        { is_entra_enabled: true, entra_client_id: APP, entra_tenant_id: null },
      ]) {
        const off = await createClient(deps.db, settings);
        const web = caller(app, off.host);
        expect((await web.get('/api/user/entra-config')).json()).toMatchObject({ available: false, clientId: null });
        expect((await web.post('/api/user/entra-nonce')).json()).toMatchObject({ error: 'entra_not_available' });
        expect((await web.post('/api/user/login-with-entra-id', { idToken: 'x' })).json()).toMatchObject({
          error: 'entra_not_available',
        });
      }
    });

    it('signs in the linked user: the first time by the verified e-mail, then by tid and oid alone', async () => {
      const w = await world();
      const userId = await w.provision('alice@corp.test');
      const first = await w.login(await w.tokenFor(account('alice')));
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ userId, loginType: LOGIN_TYPES.SCIM });
      const session = caller(w.app, w.client.host, first.json<{ token: string }>().token);
      // ARCHITECTURE section 5: a SCIM user's calls carry a current Access-Token, else 399 (the app refreshes it).
      const infoWith = (accessToken?: string) =>
        session.inject({
          method: 'GET',
          url: '/api/user/info',
          headers: accessToken ? { 'access-token': accessToken } : {},
        });
      const now = Math.floor(Date.now() / 1000);
      const accessToken = (exp: number) => provider.sign(TENANT, { aud: APP, tid: TENANT, iat: now, exp });
      expect((await infoWith()).statusCode).toBe(399);
      expect((await infoWith(await accessToken(now - 5))).json()).toMatchObject({ error: 'access_token_expired' });
      expect((await infoWith(await accessToken(now + 600))).statusCode).toBe(200);
      const link = await w.deps.db.selectFrom('entra_links').selectAll().where('user_id', '=', userId).execute();
      expect(link).toMatchObject([{ tenant_id: TENANT, object_id: 'oid-alice' }]);
      // The Entra account's e-mail changes: the link still finds the user.
      const again = await w.login(await w.tokenFor(account('alice', { email: 'alice.new@corp.test' })));
      expect(again.json()).toMatchObject({ userId });
      // Another Entra account with Alice's e-mail is never linked to her.
      const impostor = await w.login(await w.tokenFor(account('mallory', { email: 'alice@corp.test' })));
      expect(impostor.statusCode).toBe(403);
      expect(impostor.json()).toMatchObject({ error: 'entra_user_not_synchronised' });
    });

    it('answers "not yet synchronised" without a provisioned user, and never links by an unverified e-mail', async () => {
      const w = await world();
      const nobody = await w.login(await w.tokenFor(account('nobody')));
      expect(nobody.statusCode).toBe(403);
      expect(nobody.json()).toMatchObject({ error: 'entra_user_not_synchronised' });
      await w.provision('bob@corp.test');
      const unverified = await w.login(await w.tokenFor(account('bob', { emailVerified: false })));
      expect(unverified.json()).toMatchObject({ error: 'entra_user_not_synchronised' });
    });

    it('refuses a token for another audience, another tenant, a bad signature, an expired one and a replayed nonce', async () => {
      const w = await world();
      await w.provision('carol@corp.test');
      const carol = account('carol');
      const refused = async (label: string, idToken: string, error: string, status = 401) => {
        const res = await w.login(idToken);
        expect(`${label}: ${res.statusCode} ${res.json<{ error: string }>().error}`).toBe(
          `${label}: ${status} ${error}`,
        );
      };
      await refused('audience', await w.tokenFor(carol, { clientId: 'other-app' }), 'entra_token_invalid');
      await refused('tenant', await w.tokenFor(carol, { tenant: 'tenant-b' }), 'entra_client_unknown', 403);
      const now = Math.floor(Date.now() / 1000);
      const claims = {
        iss: `${provider.authority}/${TENANT}/v2.0`,
        aud: APP,
        sub: carol.sub,
        tid: TENANT,
        oid: carol.oid,
        email: carol.email,
        email_verified: true,
        iat: now,
        exp: now + 600,
      };
      await refused(
        'signature',
        await provider.sign(TENANT, { ...claims, nonce: await w.nonce() }, { foreignKey: true }),
        'entra_token_invalid',
      );
      await refused(
        'expired',
        await provider.sign(TENANT, { ...claims, nonce: await w.nonce(), iat: now - 7200, exp: now - 3600 }),
        'entra_token_invalid',
      );
      await refused(
        'unknown nonce',
        await provider.sign(TENANT, { ...claims, nonce: 'made-up' }),
        'entra_token_invalid',
      );
      // Issue 28 point 7d: several audiences pass only when the authorised party is this app.
      for (const [label, more] of [
        ['audience list without azp', { aud: [APP, 'other-app'] }],
        ['audience list for another party', { aud: [APP, 'other-app'], azp: 'other-app' }],
        ['one-entry list without azp', { aud: [APP] }],
        ['azp of another app', { aud: APP, azp: 'other-app' }],
        ['audience list without us', { aud: ['other-app'], azp: APP }],
      ] as const)
        await refused(
          label,
          await provider.sign(TENANT, { ...claims, ...more, nonce: await w.nonce() }),
          'entra_token_invalid',
        );
      const listed = await provider.sign(TENANT, {
        ...claims,
        aud: [APP, 'other-app'],
        azp: APP,
        nonce: await w.nonce(),
      });
      expect((await w.login(listed)).statusCode).toBe(200);
      // The same key and claims with a fresh nonce are fine: the refusals above were for the reason named.
      const good = await provider.sign(TENANT, { ...claims, nonce: await w.nonce() });
      expect((await w.login(good)).statusCode).toBe(200);
      await refused('replayed nonce', good, 'entra_token_invalid');
      await refused('not a JWT', 'not-a-token', 'entra_token_invalid');
    });
  },
  overrides,
);
