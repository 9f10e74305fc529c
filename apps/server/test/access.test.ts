import { expect, it } from 'vitest';
import { newId } from '../src/platform/ids';
import { createClient, createUser, signIn } from './factories';
import { caller, describeEachDialect } from './test-app';

/** Routes callable without a session (ARCHITECTURE section 5, spec section 2). Anything else needs one. */
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'GET /api/client/current',
  'POST /api/user/login',
  'POST /api/user/password-reset',
  'POST /api/user/password-reset/',
  'POST /api/user/forgotUsername',
  'POST /api/user/forgotUsername/',
  'POST /api/user/activate',
  'POST /api/user/link-check',
  'POST /api/user/set-password',
]);

const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, () => newId()).replace(/\*$/, 'x');

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
      .filter((r) => r.access !== 'public')
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

  it('keeps a participant out of a coordinator route with 403', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const session = await signIn(app, await createUser(deps.db, client));
    const coordinatorRoute = app.apiRoutes.find((r) => r.access === 'coordination.manage' && r.method === 'GET');
    if (!coordinatorRoute) return; // the users feature registers these; the menu test covers the table meanwhile
    const res = await session.get(concrete(coordinatorRoute.url));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'forbidden' });
  });
});
