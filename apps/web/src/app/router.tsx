import { createBrowserRouter, type RouteObject } from 'react-router';
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
import { registerNavigate } from '../lib/navigation';
import { composedRoutes } from './composed-routes';
import { NotFoundRoute, PlainLayout, RootLayout, ShellLayout } from './layout/layouts';
import { RouteErrorPage } from './layout/route-error-page';

/**
 * The whole route table of spec section 2, one list per area and the pages that show two areas (composed-routes.tsx);
 * the rules live in lib/route-rules.ts.
 */
const ALL_ROUTES: AppRoute[] = [
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

const toRouteObject = ({ path, Page }: AppRoute): RouteObject =>
  path === '/' || path === '' ? { index: true, element: <Page /> } : { path, element: <Page /> };

const byChrome = (chrome: 'shell' | 'plain') =>
  ALL_ROUTES.filter((r) => (r.chrome ?? 'shell') === chrome).map(toRouteObject);

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { element: <PlainLayout />, children: byChrome('plain') },
      { element: <ShellLayout />, children: byChrome('shell') },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]);

registerNavigate((path, opts) => void router.navigate(path, opts));
