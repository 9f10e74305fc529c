import { lazyPage, type AppRoute } from '../../lib/lazy-route';

const clientPage = lazyPage(() => import('./pages/client-page'), 'ClientPage');

/**
 * Spec section 2: /reseller/clients (the overview) and /reseller/clients/{id} with its tabs as sub-routes (data is
 * the client's own path; design, legal, contacts, companies, smtp, tokens). Who may open a path is decided by the
 * path (lib/route-rules.ts, permissions.ts: smtp and tokens need "SMTP settings and secret tokens").
 */
export const resellerRoutes: AppRoute[] = [
  { path: '/reseller/clients', Page: lazyPage(() => import('./pages/client-list-page'), 'ClientListPage') },
  { path: '/reseller/clients/:id', Page: clientPage },
  ...['design', 'legal', 'contacts', 'companies', 'premium', 'smtp', 'tokens'].map((tab) => ({
    path: `/reseller/clients/:id/${tab}`,
    Page: clientPage,
  })),
];
