import { lazyPage, type AppRoute } from '../../lib/lazy-route';
import { entraRoutes } from './entra/routes';

/** Spec section 2, account and authentication: the sign-in screens, the sign-in with Microsoft (entra/) included. */
export const authRoutes: AppRoute[] = [
  { path: '/login', Page: lazyPage(() => import('./pages/login-page'), 'LoginPage'), chrome: 'plain' },
  { path: '/logout', Page: lazyPage(() => import('./pages/logout-page'), 'LogoutPage'), chrome: 'plain' },
  {
    path: '/password-change-required',
    Page: lazyPage(() => import('./pages/password-change-page'), 'PasswordChangePage'),
  },
  ...entraRoutes,
];
