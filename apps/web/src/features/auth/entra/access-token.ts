import { ACCESS_TOKEN_REFRESH_THROTTLE_MS } from '@lms/contracts/constants';
import { ENTRA_FORCE_REFRESH_MS, ENTRA_REACQUIRE_MS, type TEntraConfig } from '@lms/contracts/entra';
import { LOGIN_TYPES } from '@lms/contracts/roles';
import { setAccessTokenSource } from '../../../lib/api-client';
import { getAuthState } from '../../../lib/auth-store';

/**
 * A SCIM user's identity-provider access token (ARCHITECTURE section 5): sent as Access-Token with every call;
 * on 399 it is refreshed through msal at most once per 10 s (spec section 9), forced after 15 minutes and fully
 * reacquired (ssoSilent) after 30. Kept in local storage beside msal's own token cache.
 */
const KEY = 'lms.entra.access';
let lastRefresh = 0;

interface Stored {
  accessToken: string;
  acquiredAt: number;
  config: TEntraConfig;
}

const read = (): Stored | null => {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? 'null') as Stored | null;
  } catch {
    return null;
  }
};

/** The Entra settings of the last Microsoft sign-in in this browser, if its token is still kept. */
export const storedEntraConfig = (): TEntraConfig | null => read()?.config ?? null;

/** Drops the kept access token (sign-out). */
export function forgetAccessToken(): void {
  localStorage.removeItem(KEY);
  lastRefresh = 0;
}

export function storeAccessToken(accessToken: string, config: TEntraConfig, acquiredAt = Date.now()): void {
  localStorage.setItem(KEY, JSON.stringify({ accessToken, acquiredAt, config } satisfies Stored));
}

async function refresh(): Promise<void> {
  const stored = read();
  const now = Date.now();
  if (!stored || now - lastRefresh < ACCESS_TOKEN_REFRESH_THROTTLE_MS) return;
  lastRefresh = now;
  const age = now - stored.acquiredAt;
  const { acquireSilently } = await import('./msal');
  const token = await acquireSilently(stored.config, {
    forceRefresh: age >= ENTRA_FORCE_REFRESH_MS,
    reacquire: age >= ENTRA_REACQUIRE_MS,
  });
  if (token) storeAccessToken(token, stored.config);
}

/**
 * Sent while the user is a SCIM user, and while the user is not known yet: after a reload the first call
 * (`/user/info`) goes out before the user is, and without the header a SCIM user's session ended there with 399.
 */
const sendsAccessToken = (): boolean => {
  const user = getAuthState().user;
  return user === null || user.loginType === LOGIN_TYPES.SCIM;
};

setAccessTokenSource({
  current: () => (sendsAccessToken() ? (read()?.accessToken ?? null) : null),
  refresh,
});
