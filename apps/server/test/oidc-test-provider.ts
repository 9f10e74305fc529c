// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- e2e and bench compile this file without apps/server/test, where the types of oidc-provider are declared
/// <reference path="./oidc-provider.d.ts" />
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1 standing in for Entra ID (the only fake here, of an outside
 * service): each tenant is an issuer mounted at `/<tenant>/v2.0` under one authority, as Entra names them, with
 * Entra's claims tid and oid. The interaction signs in `nextAccount` at once (no login form), so tests and the
 * browser journey get real codes and tokens through the real authorization code flow with PKCE.
 */

export interface TestAccount {
  sub: string;
  oid: string;
  email: string;
  name: string;
  emailVerified?: boolean;
}

export interface TestProvider {
  authority: string;
  /** The account the next interaction signs in. */
  nextAccount: TestAccount | null;
  /** Runs the authorization code flow headlessly and answers the token endpoint's result. */
  signIn(opts: {
    tenant: string;
    clientId: string;
    nonce: string;
    redirectUri: string;
    account: TestAccount;
  }): Promise<{
    id_token: string;
    access_token: string;
  }>;
  /**
   * The sign-outs the end-session endpoint carried out (RP-initiated logout), as Entra does with a logout hint: at
   * once, without asking. Each names where it sent the browser back to.
   */
  readonly endedSessions: Array<{ tenant: string; postLogoutRedirectUri: string | null }>;
  /** Signs claims with the tenant's own key (or, with `foreignKey`, another key under the same kid). */
  sign(tenant: string, claims: Record<string, unknown>, opts?: { foreignKey?: boolean }): Promise<string>;
  close(): Promise<void>;
}

const RESOURCE = 'urn:lms:app';

interface TenantKeys {
  jwk: JWK;
  privateKey: CryptoKey;
}

export async function startTestProvider(opts: {
  tenants: string[];
  /** Read when a tenant's provider is made (its first request): a test may add redirect URIs until then. */
  clients: Array<{ clientId: string; redirectUris: string[]; postLogoutRedirectUris?: string[] }>;
  tls?: { key: string; cert: string };
}): Promise<TestProvider> {
  const handlers = new Map<string, { provider: Provider; keys: TenantKeys }>();
  const state: { nextAccount: TestAccount | null } = { nextAccount: null };
  const endedSessions: TestProvider['endedSessions'] = [];
  const accounts = new Map<string, TestAccount>();

  const server = opts.tls ? https.createServer(opts.tls) : http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const authority = `${opts.tls ? 'https' : 'http'}://127.0.0.1:${port}`;

  const keysOf = new Map<string, TenantKeys>();
  for (const tenant of opts.tenants) {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = { ...(await exportJWK(privateKey)), kid: `key-${tenant}`, alg: 'RS256', use: 'sig' };
    keysOf.set(tenant, { jwk, privateKey });
  }
  /** Made at the first request, so a test may add clients (their redirect URIs) after the provider started. */
  const handlerOf = (tenant: string) => {
    const known = handlers.get(tenant);
    const keys = keysOf.get(tenant);
    if (known || !keys) return known;
    const { jwk } = keys;
    const provider = new Provider(`${authority}/${tenant}/v2.0`, {
      clients: opts.clients.map((c) => ({
        client_id: c.clientId,
        redirect_uris: c.redirectUris,
        post_logout_redirect_uris: c.postLogoutRedirectUris ?? [],
        response_types: ['code'],
        grant_types: ['authorization_code', 'refresh_token'],
        token_endpoint_auth_method: 'none',
        application_type: 'web',
      })),
      jwks: { keys: [jwk] },
      claims: {
        openid: ['sub', 'oid', 'tid'],
        email: ['email', 'email_verified'],
        profile: ['name', 'preferred_username'],
      },
      conformIdTokenClaims: false,
      ttl: { Interaction: 600, Grant: 3600, Session: 3600, AccessToken: 3600, IdToken: 3600 },
      scopes: ['openid', 'email', 'profile', 'offline_access'],
      features: {
        devInteractions: { enabled: false },
        // Entra ends the session without a question when the logout names the account: the provider's confirmation
        // form submits itself here, and each sign-out is noted for the tests.
        rpInitiatedLogout: {
          enabled: true,
          logoutSource: (ctx: { body: string }, form: string) => {
            ctx.body = `<!DOCTYPE html><html><head><title>Sign out</title></head><body>${form}
              <script>var f = document.forms[0]; var i = document.createElement('input'); i.type = 'hidden';
              i.name = 'logout'; i.value = 'yes'; f.appendChild(i); f.submit();</script></body></html>`;
          },
          postLogoutSuccessSource: (ctx: { body: string }) => {
            ctx.body = '<!DOCTYPE html><html><head><title>Signed out</title></head><body>Signed out</body></html>';
          },
        },
        // Access tokens as JWTs for the app's default scope (`<client id>/.default`), as Entra issues them: the
        // API checks their expiry (Access-Token, ARCHITECTURE section 5).
        resourceIndicators: {
          enabled: true,
          defaultResource: () => RESOURCE,
          useGrantedResource: () => true,
          getResourceServerInfo: (_ctx: unknown, _resource: string, client: { clientId: string }) => ({
            scope: `${client.clientId}/.default`,
            audience: client.clientId,
            accessTokenFormat: 'jwt',
            accessTokenTTL: 3600,
          }),
        },
      },
      clientBasedCORS: () => true,
      cookies: { keys: [randomBytes(16).toString('hex')] },
      interactions: { url: (_ctx, interaction) => `/${tenant}/v2.0/interaction/${interaction.uid}` },
      findAccount: (_ctx, sub) => {
        const a = accounts.get(sub);
        if (!a) return undefined;
        return {
          accountId: sub,
          claims: () => ({
            sub,
            oid: a.oid,
            tid: tenant,
            email: a.email,
            email_verified: a.emailVerified ?? true,
            name: a.name,
            preferred_username: a.email,
          }),
        };
      },
    });
    provider.proxy = false;
    const made = { provider, keys };
    handlers.set(tenant, made);
    return made;
  };

  server.on('request', (req, res) => {
    void (async () => {
      const url = req.url ?? '/';
      const tenant = url.split('/')[1] ?? '';
      const h = handlerOf(tenant);
      const prefix = `/${tenant}/v2.0`;
      if (!h || !url.startsWith(prefix)) {
        res.statusCode = 404;
        return res.end();
      }
      if (url.startsWith(`${prefix}/interaction/`)) {
        const account = state.nextAccount;
        if (!account) {
          res.statusCode = 400;
          return res.end('no account to sign in');
        }
        accounts.set(account.sub, account);
        const details = await h.provider.interactionDetails(req, res);
        const grant = new h.provider.Grant({ accountId: account.sub, clientId: String(details.params.client_id) });
        const clientId = String(details.params.client_id);
        const asked = String(details.params.scope).split(' ');
        grant.addOIDCScope(asked.filter((x) => !x.endsWith('/.default')).join(' '));
        grant.addResourceScope(RESOURCE, `${clientId}/.default`);
        const grantId = await grant.save();
        await h.provider.interactionFinished(
          req,
          res,
          { login: { accountId: account.sub }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      if (req.method === 'POST' && url.startsWith(`${prefix}/session/end/confirm`))
        res.on('finish', () => {
          const location = res.getHeader('location');
          endedSessions.push({ tenant, postLogoutRedirectUri: typeof location === 'string' ? location : null });
        });
      // Mounted below a path: oidc-provider reads the mount point from originalUrl.
      (req as { originalUrl?: string }).originalUrl = url;
      req.url = url.slice(prefix.length) || '/';
      await h.provider.callback()(req, res);
    })().catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });

  const provider: TestProvider = {
    authority,
    endedSessions,
    get nextAccount() {
      return state.nextAccount;
    },
    set nextAccount(a) {
      state.nextAccount = a;
    },
    async signIn({ tenant, clientId, nonce, redirectUri, account }) {
      state.nextAccount = account;
      const verifier = randomBytes(32).toString('base64url');
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      const jar = new Map<string, string>();
      const go = async (target: string): Promise<string> => {
        const res = await fetch(new URL(target, authority), {
          redirect: 'manual',
          headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
        });
        for (const c of res.headers.getSetCookie()) {
          const [pair] = c.split(';');
          const i = pair!.indexOf('=');
          jar.set(pair!.slice(0, i), pair!.slice(i + 1));
        }
        const location = res.headers.get('location');
        if (!location) throw new Error(`no redirect from ${target}: ${res.status} ${await res.text()}`);
        return location;
      };
      const q = new URLSearchParams({
        client_id: clientId,
        response_type: 'code',
        scope: 'openid email profile',
        redirect_uri: redirectUri,
        nonce,
        state: 'test',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      });
      let location = await go(`/${tenant}/v2.0/auth?${q.toString()}`);
      for (let i = 0; i < 5 && !location.startsWith(redirectUri); i++) location = await go(location);
      const code = new URL(location).searchParams.get('code');
      if (!code) throw new Error(`no code: ${location}`);
      const token = await fetch(`${authority}/${tenant}/v2.0/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          client_id: clientId,
          code_verifier: verifier,
        }),
      });
      if (!token.ok) throw new Error(`token endpoint: ${token.status} ${await token.text()}`);
      return (await token.json()) as { id_token: string; access_token: string };
    },
    async sign(tenant, claims, signOpts = {}) {
      const h = handlerOf(tenant);
      if (!h) throw new Error(`unknown tenant ${tenant}`);
      const key = signOpts.foreignKey ? (await generateKeyPair('RS256')).privateKey : h.keys.privateKey;
      return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: h.keys.jwk.kid! }).sign(key);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return provider;
}
