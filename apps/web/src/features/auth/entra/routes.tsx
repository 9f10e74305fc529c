import { lazyPage, type AppRoute } from '../../../lib/lazy-route';
// Registers the Access-Token source of SCIM users with the API client at start (msal itself loads on demand).
import './access-token';

/** Spec section 2: /entra-login, public, the sign-in with the client's Entra ID. */
export const entraRoutes: AppRoute[] = [
  { path: '/entra-login', Page: lazyPage(() => import('./pages/entra-login-page'), 'EntraLoginPage'), chrome: 'plain' },
];
