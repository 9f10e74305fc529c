import { lazyPage, type AppRoute } from '../../lib/lazy-route';

/** Spec section 2, learner: /training/{id}[/progress|/module/{moduleId}]; the dashboard (`/`) is in app/composed-routes.tsx. */
export const learnerRoutes: AppRoute[] = [
  { path: '/training/:id', Page: lazyPage(() => import('./pages/training-page'), 'TrainingPage') },
  {
    path: '/training/:id/progress',
    Page: lazyPage(() => import('./pages/training-progress-page'), 'TrainingProgressPage'),
  },
  { path: '/training/:id/module/:moduleId', Page: lazyPage(() => import('./pages/module-page'), 'ModulePage') },
];
