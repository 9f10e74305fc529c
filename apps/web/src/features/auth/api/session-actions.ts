import {
  ZCurrentUser,
  ZLoginResult,
  ZTokenResult,
  type TCurrentUser,
  type TLoginResult,
  type TPasswordChangeBody,
} from '@lms/contracts/auth';
import { ZOk } from '@lms/contracts/common';
import type { QueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { clearAuth, getAuthState, setCurrentUser, setSession, setToken } from '../../../lib/auth-store';
import i18n, { isLocale } from '../../../lib/i18n';

/** Everything cached belongs to the old user, except the current client (spec section 4). */
const forgetUserData = (queryClient: QueryClient) =>
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'client' });

/** The login call never opens the policy dialogs (spec section 8): the form shows every error itself. */
export async function signIn(
  queryClient: QueryClient,
  emailOrUsername: string,
  password: string,
): Promise<TLoginResult> {
  const result = await apiPost('/user/login', { emailOrUsername, password }, ZLoginResult, { skipPolicy: true });
  forgetUserData(queryClient);
  setSession(result.token, result.user);
  // The signed-in user's locale applies after login (spec section 9 locales; POST /api/user/locale saves it).
  if (isLocale(result.user.locale)) await i18n.changeLanguage(result.user.locale);
  return result;
}

/**
 * Ends the session on the server (best effort: the local sign-out happens either way), forgets it here, and signs
 * out of Microsoft in this browser too. Answers the identity provider's end-session address to go to next, if a
 * Microsoft sign-in is to be ended there (issue 28 point 8).
 */
export async function signOut(queryClient: QueryClient): Promise<{ endSessionUrl: string | null }> {
  if (getAuthState().token) {
    await apiPost('/user/logout', undefined, ZOk, { skipPolicy: true }).catch(() => undefined);
  }
  clearAuth();
  forgetUserData(queryClient);
  // Loaded on sign-out only: the first visit's scripts stay within their budget (e2e/first-visit.e2e.ts).
  const { signOutOfMicrosoft } = await import('../entra/entra-sign-out');
  return { endSessionUrl: await signOutOfMicrosoft() };
}

/** The change ends every other session and answers a fresh token (DECISIONS "sessions"). */
export async function changePassword(body: TPasswordChangeBody): Promise<TCurrentUser> {
  const { token } = await apiPost('/user/password-change', body, ZTokenResult);
  setToken(token);
  const user = await apiGet('/user/info', ZCurrentUser);
  setCurrentUser(user);
  return user;
}
