import { lazyPage, type AppRoute } from '../../lib/lazy-route';

/**
 * Spec section 2: /coordination/users, /coordination/trainings, /coordination/groups.
 * Add pages as `{ path, Page: lazyPage(() => import('./pages/<page>'), '<Export>') }`. Until a page exists its
 * path shows the not-found page; who may open it is decided by the path (lib/route-rules.ts, permissions.ts).
 */
export const coordinationRoutes: AppRoute[] = [
  { path: '/coordination/users', Page: lazyPage(() => import('./pages/users-page'), 'UsersPage') },
  { path: '/coordination/groups', Page: lazyPage(() => import('./pages/groups-page'), 'GroupsPage') },
  { path: '/coordination/trainings', Page: lazyPage(() => import('./pages/trainings-page'), 'TrainingsPage') },
  { path: '/coordination/trainings/:id', Page: lazyPage(() => import('./pages/training-page'), 'TrainingPage') },
];
