import { lazyPage, type AppRoute } from '../../lib/lazy-route';

/** Public pages of spec section 2: the client's legal pages, FAQ and About (in the menu frame when signed in). */
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
  { path: '/client/imprint', Page: lazyPage(() => import('./pages/legal-page'), 'ImprintPage') },
  { path: '/client/privacy-policy', Page: lazyPage(() => import('./pages/legal-page'), 'PrivacyPolicyPage') },
  { path: '/faq', Page: lazyPage(() => import('./pages/faq-page'), 'FaqPage') },
  { path: '/about', Page: lazyPage(() => import('./pages/about-page'), 'AboutPage') },
  {
    path: '/verify/:code',
    Page: lazyPage(() => import('./pages/verify-certificate-page'), 'VerifyCertificatePage'),
    chrome: 'plain',
  },
];
