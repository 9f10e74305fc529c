import { lazyPage, type AppRoute } from '../../lib/lazy-route';

/**
 * The reports (issue 31 point 2): /reports (the compliance overview) and /reports/attention (who is overdue, about to
 * expire or expired). Their filters live in the URL (from, to, group, company, training; state, sort, page), so a
 * link, the weekly digest's too, opens the same report. Who may open them: permissions.ts `reports.read`.
 */
export const reportsRoutes: AppRoute[] = [
  { path: '/reports', Page: lazyPage(() => import('./pages/compliance-page'), 'CompliancePage') },
  { path: '/reports/attention', Page: lazyPage(() => import('./pages/attention-page'), 'AttentionPage') },
];
