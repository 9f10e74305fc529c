import { lazyPage, type AppRoute } from '../../lib/lazy-route';

/** Issue 14: messages and notifications, for every signed-in user (PERMISSIONS.md "messages: own"). */
export const messagesRoutes: AppRoute[] = [
  { path: '/messages', Page: lazyPage(() => import('./pages/messages-page'), 'MessagesPage') },
];
