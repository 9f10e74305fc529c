import { CookieDialog } from '../../features/public/components/cookie-dialog';
import { useNotifications, type NotificationsProps } from '@mantine/notifications';
import { lazy, Suspense, useState, type ComponentProps, type ReactNode } from 'react';
import { PageLoader } from '../../components/page-loader';
import { useApiDialog } from '../../lib/api-dialogs';
import { getAuthState } from '../../lib/auth-store';

/**
 * Parts of the frame that a first visit to /login never shows, split off its first download (issue 15: under
 * 200 KB of gzipped JS, e2e/first-visit.e2e.ts): the signed-in menu frame (AppShell, navigation, user menu), the
 * policy dialogs (Modal, with its scroll area and focus trap) and the notification container (its transitions and
 * scroll lock). They keep their names and props, so the layouts, guards and providers only import them from here.
 */
const loadShellFrame = () => import('./shell-frame');
const ShellFrameChunk = lazy(() => loadShellFrame().then((m) => ({ default: m.ShellFrame })));
const loadApiDialogs = () => import('./api-dialogs');
const ApiDialogsChunk = lazy(() => loadApiDialogs().then((m) => ({ default: m.ApiDialogs })));
const AuthorizationErrorDialogChunk = lazy(() =>
  loadApiDialogs().then((m) => ({ default: m.AuthorizationErrorDialog })),
);
const NotificationsChunk = lazy(() => import('./notifications-chunk').then((m) => ({ default: m.Notifications })));

// A signed-in visitor sees the menu frame first: its code is fetched at once, beside the page's.
if (getAuthState().token) void loadShellFrame();

/** The menu frame of the signed-in app; the page loader shows while its code arrives (right after sign-in). */
export function ShellFrame({ children }: { children: ReactNode }) {
  // The cookie dialog is handed in from here, in the first visit's chunk: imported by shell-frame.tsx as well, it
  // became a chunk of its own, one more script on the first visit to /login (over its budget by 0.1 KB).
  return (
    <Suspense fallback={<PageLoader />}>
      <ShellFrameChunk notice={<CookieDialog inset />}>{children}</ShellFrameChunk>
    </Suspense>
  );
}

/** The API client's dialogs: their code is fetched when the first one opens, and stays for the next. */
export function ApiDialogs() {
  const dialog = useApiDialog();
  const [needed, setNeeded] = useState(false);
  if (dialog && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ApiDialogsChunk />
    </Suspense>
  );
}

/** Spec section 8: "Authorization error", shown by the route guard. */
export function AuthorizationErrorDialog(props: ComponentProps<typeof AuthorizationErrorDialogChunk>) {
  return (
    <Suspense fallback={null}>
      <AuthorizationErrorDialogChunk {...props} />
    </Suspense>
  );
}

/** Mantine's notification container, fetched with the first notification (the store keeps it until it mounts). */
export function Notifications(props: NotificationsProps) {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsChunk {...props} />
    </Suspense>
  );
}
