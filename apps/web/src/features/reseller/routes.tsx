import { lazyPage, type AppRoute } from '../../lib/lazy-route';

/**
 * Spec section 2: /reseller/clients, /reseller/clients/{id}, /reseller/clients/{id}/smtp, /reseller/clients/{id}/tokens.
 * Add pages as `{ path, Page: lazyPage(() => import('./pages/<page>'), '<Export>') }`. Until a page exists its
 * path shows the not-found page; who may open it is decided by the path (lib/route-rules.ts, permissions.ts).
 */
export const resellerRoutes: AppRoute[] = [
  { path: '/reseller/clients/:id/smtp', Page: lazyPage(() => import('./pages/client-smtp-page'), 'ClientSmtpPage') },
];
