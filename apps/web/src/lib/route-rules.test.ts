import { describe, expect, it } from 'vitest';
import { decideRoute, type GuardState } from './route-rules';

const signedOut: GuardState = { clientNotFound: false, signedIn: false, user: null };
const as = (
  role: 'PARTICIPANT' | 'COORDINATOR' | 'CONTENT_MASTER' | 'ADMIN',
  passwordChangeRequired = false,
): GuardState => ({
  clientNotFound: false,
  signedIn: true,
  user: { role, passwordChangeRequired },
});

describe('route rules of spec section 2', () => {
  it('sends a signed-out visit of a protected or unknown path to /login and keeps the wanted path', () => {
    expect(decideRoute('/', signedOut)).toEqual({ kind: 'redirect', to: '/login', rememberPath: true });
    expect(decideRoute('/no/such/page', signedOut)).toEqual({ kind: 'redirect', to: '/login', rememberPath: true });
    expect(decideRoute('/coordination/users?page=2', signedOut)).toEqual({
      kind: 'redirect',
      to: '/login',
      rememberPath: true,
    });
  });

  it('shows the public routes without sign-in', () => {
    for (const path of [
      '/login',
      '/logout',
      '/reset-password',
      '/init-password',
      '/entra-login',
      '/faq',
      '/about',
      '/client/imprint',
      '/client/privacy-policy',
      '/404/client-not-found',
      '/verify/VA1DVA1DVA1DVA1DVA1DVA1DVA1D',
      '/verify/va1d-va1d?x=1',
    ])
      expect(decideRoute(path, signedOut), path).toEqual({ kind: 'show' });
    // The prefix is the page's, not a look-alike's.
    expect(decideRoute('/verifyx', signedOut)).toMatchObject({ kind: 'redirect' });
  });

  it('never keeps a route that skips the auth redirect as the wanted path', () => {
    expect(decideRoute('/password-change-required', signedOut)).toEqual({
      kind: 'redirect',
      to: '/login',
      rememberPath: false,
    });
  });

  it('lets a signed-in user stay on the login page (preventAuthRedirect)', () => {
    expect(decideRoute('/login', as('PARTICIPANT'))).toEqual({ kind: 'show' });
  });

  it('sends every navigation to /404/client-not-found while the flag is set', () => {
    const state = { ...as('ADMIN'), clientNotFound: true };
    expect(decideRoute('/', state)).toEqual({ kind: 'redirect', to: '/404/client-not-found', rememberPath: false });
    expect(decideRoute('/login', { ...signedOut, clientNotFound: true }).kind).toBe('redirect');
    expect(decideRoute('/404/client-not-found', state)).toEqual({ kind: 'show' });
  });

  it('forces the password change everywhere except logout, privacy policy and imprint', () => {
    const state = as('PARTICIPANT', true);
    for (const path of ['/', '/login', '/faq', '/coordination/users'])
      expect(decideRoute(path, state), path).toEqual({
        kind: 'redirect',
        to: '/password-change-required',
        rememberPath: false,
      });
    for (const path of ['/password-change-required', '/logout', '/client/privacy-policy', '/client/imprint'])
      expect(decideRoute(path, state), path).toEqual({ kind: 'show' });
  });

  it('answers forbidden for a route the role may not see, by the permission table', () => {
    expect(decideRoute('/coordination/users', as('PARTICIPANT'))).toEqual({ kind: 'forbidden' });
    expect(decideRoute('/documents/all', as('PARTICIPANT'))).toEqual({ kind: 'forbidden' });
    expect(decideRoute('/content/courses/1/files', as('COORDINATOR'))).toEqual({ kind: 'forbidden' });
    expect(decideRoute('/content/courses', as('CONTENT_MASTER'))).toEqual({ kind: 'show' });
    expect(decideRoute('/reseller/clients', as('ADMIN'))).toEqual({ kind: 'forbidden' });
    expect(decideRoute('/coordination/users', as('COORDINATOR'))).toEqual({ kind: 'show' });
    expect(decideRoute('/documents', as('PARTICIPANT'))).toEqual({ kind: 'show' });
  });
});
