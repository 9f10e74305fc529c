import { lazyPage, type AppRoute } from '../../lib/lazy-route';

/**
 * Spec section 2: /reseller/clients (the overview). One client's page, /reseller/clients/{id} with its tabs as
 * sub-routes, shows a tab of features/premium and is therefore listed in app/composed-routes.tsx.
 */
export const resellerRoutes: AppRoute[] = [
  { path: '/reseller/clients', Page: lazyPage(() => import('./pages/client-list-page'), 'ClientListPage') },
];
