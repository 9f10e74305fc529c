import type { AppRoute } from '../../lib/lazy-route';

/**
 * Spec section 2: /documents, /documents/certificates, /documents/all, /documents-download-workaround.
 * Add pages as `{ path, Page: lazyPage(() => import('./pages/<page>'), '<Export>') }`. Until a page exists its
 * path shows the not-found page; who may open it is decided by the path (lib/route-rules.ts, permissions.ts).
 */
export const documentsRoutes: AppRoute[] = [];
