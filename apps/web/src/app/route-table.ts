import { accountRoutes } from '../features/account/routes';
import { authRoutes } from '../features/auth/routes';
import { contentRoutes } from '../features/content/routes';
import { contactsRoutes } from '../features/contacts/routes';
import { coordinationRoutes } from '../features/coordination/routes';
import { documentsRoutes } from '../features/documents/routes';
import { learnerRoutes } from '../features/learner/routes';
import { premiumRoutes } from '../features/premium/routes';
import { messagesRoutes } from '../features/messages/routes';
import { publicRoutes } from '../features/public/routes';
import { recordRoutes } from '../features/records/routes';
import { reportsRoutes } from '../features/reports/routes';
import { resellerRoutes } from '../features/reseller/routes';
import type { AppRoute } from '../lib/lazy-route';
import { composedRoutes } from './composed-routes';

/**
 * The whole route table of spec section 2, one list per area and the pages that show two areas (composed-routes.tsx);
 * the rules live in lib/route-rules.ts. Apart from the router (router.tsx), so that the browser walk of every route
 * (e2e/route-walk.e2e.ts) reads the same table: a new area's list added here is walked too.
 */
export const ALL_ROUTES: AppRoute[] = [
  ...authRoutes,
  ...publicRoutes,
  ...composedRoutes,
  ...learnerRoutes,
  ...premiumRoutes,
  ...messagesRoutes,
  ...contactsRoutes,
  ...accountRoutes,
  ...coordinationRoutes,
  ...recordRoutes,
  ...reportsRoutes,
  ...contentRoutes,
  ...documentsRoutes,
  ...resellerRoutes,
];
