import { can, type TCapability } from '@lms/contracts/permissions';
import { ROLES, type TRole } from '@lms/contracts/roles';
import { expect, it } from 'vitest';
import { createClient, createUser, signIn } from './factories';
import { concrete, paramsOf, takesSession, withParams } from './route-walk';
import { caller, describeEachDialect } from './test-app';

/** Routes callable without a session (ARCHITECTURE section 5, spec section 2). Anything else needs one. */
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'GET /api/client/current',
  'POST /api/user/login',
  // Entra ID sign-in (issue 13): whether it is offered, a nonce, and the sign-in itself.
  'GET /api/user/entra-config',
  'POST /api/user/entra-nonce',
  'POST /api/user/login-with-entra-id',
  'POST /api/user/password-reset',
  'POST /api/user/password-reset/',
  'POST /api/user/forgotUsername',
  'POST /api/user/forgotUsername/',
  'POST /api/user/activate',
  'POST /api/user/link-check',
  // The legal pages and the FAQ/About (spec section 2: public).
  'GET /api/client/imprint',
  'GET /api/client/imprint/pdf',
  'GET /api/client/privacy-policy',
  'GET /api/client/privacy-policy/pdf',
  'GET /api/platform-texts/:key',
  // PayPal's notifications: proven by PayPal's signature, not a session (issue 14).
  'POST /api/premium/paypal/webhook',
  // A certificate's verification: anyone holding the PDF may check it (issue 30 point 2), limited per IP.
  'GET /api/certificate-verification/:code',
  // A course's cover, read by an <img> (no session header), under the cover's own random id (issue 32 point 3).
  'GET /api/courses/:id/cover/:version',
]);

describeEachDialect('the access guard', (ctx) => {
  it('answers 401 without a session on every registered route that is not on the public list', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    expect(app.apiRoutes.length).toBeGreaterThan(5);
    const unexpectedPublic = app.apiRoutes
      .filter((r) => r.access === 'public')
      .map((r) => `${r.method} ${r.url}`)
      .filter((r) => !PUBLIC_ROUTES.has(r) && !r.startsWith('GET /api/client/current/'));
    expect(unexpectedPublic).toEqual([]);
    for (const route of app.apiRoutes.filter((r) => r.access !== 'public')) {
      const res = await caller(app, client.host).inject({ method: route.method, url: concrete(route.url) });
      expect(`${route.method} ${route.url} -> ${res.statusCode}`).toBe(`${route.method} ${route.url} -> 401`);
    }
  });

  it('answers 401 session_expired for a token that was never issued', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const res = await caller(app, client.host, 'made-up-token').get('/api/user/info');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'session_expired' });
  });

  it('answers 403 password_change_required everywhere but password change, logout, client and user info', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const user = await createUser(deps.db, client, { role: 'SUPERADMIN', is_password_change_required: true });
    const session = await signIn(app, user);
    // Logout ends the session, so it goes last.
    const walk = app.apiRoutes
      .filter(takesSession)
      .sort((a, b) => Number(a.url.endsWith('/logout')) - Number(b.url.endsWith('/logout')));
    for (const route of walk) {
      const res = await session.inject({ method: route.method, url: concrete(route.url) });
      const expected = route.allowWhilePasswordChange ? 'allowed' : 403;
      const got = route.allowWhilePasswordChange ? (res.statusCode === 403 ? 403 : 'allowed') : res.statusCode;
      expect(`${route.method} ${route.url} -> ${got}`).toBe(`${route.method} ${route.url} -> ${expected}`);
      if (!route.allowWhilePasswordChange) expect(res.json()).toMatchObject({ error: 'password_change_required' });
    }
    const allowed = app.apiRoutes
      .filter((r) => r.allowWhilePasswordChange && r.access !== 'public')
      .map((r) => `${r.method} ${r.url}`);
    expect(allowed.sort()).toEqual(
      ['GET /api/user/info', 'POST /api/user/logout', 'POST /api/user/password-change'].sort(),
    );
  });

  it('answers 403 forbidden on every capability route to every role that lacks the capability', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const sessions = new Map<TRole, Awaited<ReturnType<typeof signIn>>>();
    for (const role of ROLES) sessions.set(role, await signIn(app, await createUser(deps.db, client, { role })));
    const guarded = app.apiRoutes.filter((r) => takesSession(r) && r.access !== 'user');
    expect(guarded.length).toBeGreaterThan(40);
    let checked = 0;
    for (const route of guarded) {
      for (const role of ROLES.filter((r) => !can(r, route.access as TCapability))) {
        const res = await sessions.get(role)!.inject({ method: route.method, url: concrete(route.url) });
        expect(`${role} ${route.method} ${route.url} -> ${res.statusCode} ${res.json<{ error: string }>().error}`).toBe(
          `${role} ${route.method} ${route.url} -> 403 forbidden`,
        );
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('answers 401 client_token_invalid on every client-token route to a session of any role', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const tokenRoutes = app.apiRoutes.filter((r) => r.access === 'clientToken');
    expect(tokenRoutes.length).toBeGreaterThan(0);
    for (const role of ROLES) {
      const session = await signIn(app, await createUser(deps.db, client, { role }));
      for (const route of tokenRoutes) {
        const res = await session.inject({ method: route.method, url: concrete(route.url) });
        expect(`${role} ${route.method} ${route.url} -> ${res.statusCode} ${res.json<{ error: string }>().error}`).toBe(
          `${role} ${route.method} ${route.url} -> 401 client_token_invalid`,
        );
      }
    }
  });

  it('answers 400 validation_failed with the field for a malformed path parameter on every route', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const session = await signIn(app, await createUser(deps.db, client, { role: 'SUPERADMIN' }));
    const withParamsRoutes = app.apiRoutes.filter((r) => r.access !== 'public' && paramsOf(r.url).length > 0);
    expect(withParamsRoutes.length).toBeGreaterThan(25);
    for (const route of withParamsRoutes) {
      for (const param of paramsOf(route.url)) {
        const res = await session.inject({ method: route.method, url: withParams(route.url, param) });
        const body = res.json<{ error: string; details?: { fields?: Array<{ field: string }> } }>();
        const fields = body.details?.fields?.map((f) => f.field).join(',');
        expect(`${route.method} ${route.url} -> ${res.statusCode} ${body.error} ${fields}`).toBe(
          `${route.method} ${route.url} -> 400 validation_failed params.${param}`,
        );
      }
    }
  });

  it('answers 400 with a catalogue code, never 500, to a malformed body or query on every route that takes one', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const session = await signIn(app, await createUser(deps.db, client, { role: 'SUPERADMIN' }));
    const withBody = app.apiRoutes.filter((r) => r.hasBody);
    const withQuery = app.apiRoutes.filter((r) => r.queryKeys.length > 0);
    expect(withBody.length).toBeGreaterThan(20);
    expect(withQuery.length).toBeGreaterThan(4);
    const tries = [
      ...withBody.map((r) => ({ route: r, opts: { payload: [1, 2, 3] } })),
      ...withQuery.map((r) => ({
        route: r,
        opts: {
          query: r.queryKeys.includes('pageSize') ? { pageSize: '7' } : { [r.queryKeys[0] ?? 'x']: 'x'.repeat(5_000) },
        },
      })),
    ];
    for (const { route, opts } of tries) {
      const who = route.access === 'public' ? caller(app, client.host) : session;
      const res = await who.inject({ method: route.method, url: withParams(route.url), ...opts });
      expect(`${route.method} ${route.url} -> ${res.statusCode} ${res.json<{ error: string }>().error}`).toBe(
        `${route.method} ${route.url} -> 400 validation_failed`,
      );
    }
  });
});
