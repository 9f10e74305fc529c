import { lazyPage, type AppRoute } from '../../lib/lazy-route';

const resetPasswordPage = lazyPage(() => import('./pages/reset-password-page'), 'ResetPasswordPage');

/**
 * Spec section 2: /account (account page and data-change request) and /reset-password, /init-password, /entra-login.
 * Add pages as `{ path, Page: lazyPage(() => import('./pages/<page>'), '<Export>') }`. Until a page exists its
 * path shows the not-found page; who may open it is decided by the path (lib/route-rules.ts, permissions.ts).
 */
export const accountRoutes: AppRoute[] = [
  { path: '/account', Page: lazyPage(() => import('./pages/account-page'), 'AccountPage') },
  // One screen for both (spec section 2): forgot password or username, password reset, account activation.
  { path: '/reset-password', Page: resetPasswordPage, chrome: 'plain' },
  { path: '/init-password', Page: resetPasswordPage, chrome: 'plain' },
];
