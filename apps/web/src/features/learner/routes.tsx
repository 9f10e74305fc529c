import { lazyPage, type AppRoute } from '../../lib/lazy-route';

/**
 * Spec section 2, learner: /training/{id}/progress and /training/{id}/module/{moduleId}; the dashboard (`/`) and the
 * training page (/training/{id}, with its documents) are in app/composed-routes.tsx.
 */
export const learnerRoutes: AppRoute[] = [
  {
    path: '/training/:id/progress',
    Page: lazyPage(() => import('./pages/training-progress-page'), 'TrainingProgressPage'),
  },
  { path: '/training/:id/module/:moduleId', Page: lazyPage(() => import('./pages/module-page'), 'ModulePage') },
];
