import { lazyPage, type AppRoute } from '../../lib/lazy-route';

/**
 * Issue 31 point 2: /reports/record/{userId}, a person's learning record (reports.read; the path's prefix decides
 * who may open it, lib/route-rules.ts and permissions.ts). Loaded lazily, with its own namespace (records).
 */
export const recordRoutes: AppRoute[] = [
  { path: '/reports/record/:userId', Page: lazyPage(() => import('./pages/record-page'), 'RecordPage') },
];
