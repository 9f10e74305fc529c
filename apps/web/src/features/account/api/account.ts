import {
  ZMyProfile,
  ZSentTo,
  ZTokenCheckResult,
  type TChangeRequestBody,
  type TForgotUsernameBody,
  type TTokenPurpose,
} from '@lms/contracts/account';
import { ZCurrentUser, ZTokenResult } from '@lms/contracts/auth';
import type { TLocale } from '@lms/contracts/constants';
import { ZOk } from '@lms/contracts/common';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { setCurrentUser, setSession } from '../../../lib/auth-store';
import i18n, { isLocale } from '../../../lib/i18n';

export const useMyProfile = () =>
  useQuery({ queryKey: ['account', 'profile'], queryFn: () => apiGet('/user/profile', ZMyProfile) });

/** Issue 31 point 4: the weekly digest on or off (POST /user, the user's own setting). */
export const saveDigestEnabled = (enabled: boolean) => apiPost('/user', { digestEnabled: enabled }, ZCurrentUser);

export const sendChangeRequest = (body: TChangeRequestBody) => apiPost('/user/changerequest', body, ZOk);

/** The public self-service calls handle their own errors on the page (no session dialogs: nobody is signed in). */
const own = { skipPolicy: true } as const;

export const requestPasswordReset = (emailOrUsername: string, locale: TLocale) =>
  apiPost('/user/password-reset/', { emailOrUsername, locale }, ZSentTo, own);

export const requestUsername = (body: TForgotUsernameBody) => apiPost('/user/forgotUsername/', body, ZOk, own);

export const checkLink = (token: string, purpose: TTokenPurpose) =>
  apiPost('/user/link-check', { token, purpose }, ZTokenCheckResult, own);

/** Sets the password from the link and signs the user in with the session the server answers. */
export async function setPasswordFromLink(
  queryClient: QueryClient,
  body: { token: string; purpose: TTokenPurpose; newPassword: string; newPasswordRepeat: string },
) {
  const { token } = await apiPost('/user/activate', body, ZTokenResult, own);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'client' });
  setSession(token, null);
  const user = await apiGet('/user/info', ZCurrentUser, own);
  setCurrentUser(user);
  if (isLocale(user.locale)) await i18n.changeLanguage(user.locale);
  return user;
}
