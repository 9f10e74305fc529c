import { lazyPage, type AppRoute } from '../../lib/lazy-route';

/** Public pages of spec section 2; /faq, /about and the legal pages come with their issues. */
export const publicRoutes: AppRoute[] = [
  {
    path: '/404/client-not-found',
    Page: lazyPage(() => import('./pages/client-not-found-page'), 'ClientNotFoundPage'),
    chrome: 'plain',
  },
  {
    path: '/platform-inactive',
    Page: lazyPage(() => import('./pages/platform-inactive-page'), 'PlatformInactivePage'),
    chrome: 'plain',
  },
];
