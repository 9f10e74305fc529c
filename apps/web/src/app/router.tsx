import { createBrowserRouter, type RouteObject } from 'react-router';
import type { AppRoute } from '../lib/lazy-route';
import { registerNavigate } from '../lib/navigation';
import { ALL_ROUTES } from './route-table';
import { NotFoundRoute, PlainLayout, RootLayout, ShellLayout } from './layout/layouts';
import { RouteErrorPage } from './layout/route-error-page';

/** The route table is route-table.ts (also read by the browser walk of every route, e2e/route-walk.e2e.ts). */
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
