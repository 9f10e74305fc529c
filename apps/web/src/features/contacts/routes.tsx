import { lazyPage, type AppRoute } from '../../lib/lazy-route';

/** Spec section 2: the contact person page with the appointment dialog, for every signed-in user. */
export const contactsRoutes: AppRoute[] = [
  { path: '/contacts', Page: lazyPage(() => import('./pages/contacts-page'), 'ContactsPage') },
];
