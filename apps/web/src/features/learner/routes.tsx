import { lazyPage, type AppRoute } from '../../lib/lazy-route';

/** Spec section 2, learner: the dashboard and /training/{id}[/progress|/module/{moduleId}]. */
export const learnerRoutes: AppRoute[] = [
  { path: '/', Page: lazyPage(() => import('./pages/home-page'), 'HomePage') },
  { path: '/training/:id', Page: lazyPage(() => import('./pages/training-page'), 'TrainingPage') },
  {
    path: '/training/:id/progress',
    Page: lazyPage(() => import('./pages/training-progress-page'), 'TrainingProgressPage'),
  },
  { path: '/training/:id/module/:moduleId', Page: lazyPage(() => import('./pages/module-page'), 'ModulePage') },
];
