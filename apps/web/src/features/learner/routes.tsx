import { lazyPage, type AppRoute } from '../../lib/lazy-route';

/** Spec section 2, learner: the dashboard; /training/{id}[/progress|/module/{moduleId}] come with their issue. */
export const learnerRoutes: AppRoute[] = [
  { path: '/', Page: lazyPage(() => import('./pages/dashboard-page'), 'DashboardPage') },
];
