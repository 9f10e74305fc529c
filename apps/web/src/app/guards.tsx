import { ZCurrentUser } from '@lms/contracts/auth';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { apiGet } from '../lib/api-client';
import { setCurrentUser, useAuth, rememberRedirectPath } from '../lib/auth-store';
import i18n, { isLocale } from '../lib/i18n';
import { decideRoute, type RouteDecision } from '../lib/route-rules';
import { AuthorizationErrorDialog } from './layout/lazy-parts';
import { PageLoader } from '../components/page-loader';
import { ConnectionErrorPage } from './layout/connection-error-page';

/** The rule for the current location (spec section 2), from the auth state and the permission table. */
export function useRouteDecision(): RouteDecision {
  const { pathname } = useLocation();
  const { clientNotFound, token, user } = useAuth();
  return decideRoute(pathname, { clientNotFound, signedIn: Boolean(token), user });
}

/**
 * With a token but no user yet (a reload), asks the server who is signed in; the user's locale then applies.
 * A dead token answers 401 and the API client shows "Session expired".
 */
function useBootstrapUser(): { loading: boolean; failed: boolean } {
  const { token, user } = useAuth();
  const info = useQuery({
    queryKey: ['user', 'info', token],
    queryFn: async () => {
      const current = await apiGet('/user/info', ZCurrentUser);
      setCurrentUser(current);
      if (isLocale(current.locale)) await i18n.changeLanguage(current.locale);
      return current;
    },
    enabled: Boolean(token) && !user,
  });
  const waiting = Boolean(token) && !user;
  // A 401 or 403 clears the token in the API client; what is left here is a server that did not answer.
  return { loading: waiting && info.isPending, failed: waiting && info.isError };
}

/** Redirects of spec section 2: client not found, sign-in (keeping the wanted path), forced password change. */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { loading, failed } = useBootstrapUser();
  const decision = useRouteDecision();
  const location = useLocation();
  if (loading) return <PageLoader />;
  if (failed) return <ConnectionErrorPage />;
  if (decision.kind === 'redirect') {
    if (decision.rememberPath) rememberRedirectPath(`${location.pathname}${location.search}${location.hash}`);
    return <Navigate to={decision.to} replace />;
  }
  return children;
}

/** Where a page would go: the page, or the "Authorization error" dialog whose OK goes home (PERMISSIONS "Routes"). */
export function GuardedOutlet({ children }: { children?: ReactNode }) {
  const decision = useRouteDecision();
  if (decision.kind === 'forbidden') return <ForbiddenRoute />;
  return children ?? <Outlet />;
}

function ForbiddenRoute() {
  const navigate = useNavigate();
  useEffect(() => {
    document.title = i18n.t('common:dialogs.forbidden.title');
  }, []);
  return <AuthorizationErrorDialog opened onOk={() => void navigate('/', { replace: true })} />;
}
