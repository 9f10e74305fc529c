import { lazyPage, type AppRoute } from '../../lib/lazy-route';

/**
 * Spec section 2: /documents, /documents/certificates, /documents/all, /documents-download-workaround.
 * Who may open a page is decided by the path (lib/route-rules.ts, permissions.ts): /documents/all needs
 * coordination.manage, the others every signed-in user.
 */
export const documentsRoutes: AppRoute[] = [
  { path: '/documents', Page: lazyPage(() => import('./pages/my-documents-page'), 'MyDocumentsPage') },
  {
    path: '/documents/certificates',
    Page: lazyPage(() => import('./pages/my-certificates-page'), 'MyCertificatesPage'),
  },
  { path: '/documents/all', Page: lazyPage(() => import('./pages/all-documents-page'), 'AllDocumentsPage') },
  {
    path: '/documents-download-workaround',
    Page: lazyPage(() => import('./pages/download-workaround-page'), 'DownloadWorkaroundPage'),
  },
];
