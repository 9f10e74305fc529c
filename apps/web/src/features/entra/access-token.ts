import { ACCESS_TOKEN_REFRESH_THROTTLE_MS } from '@lms/contracts/constants';
import { ENTRA_FORCE_REFRESH_MS, ENTRA_REACQUIRE_MS, type TEntraConfig } from '@lms/contracts/entra';
import { LOGIN_TYPES } from '@lms/contracts/roles';
import { setAccessTokenSource } from '../../lib/api-client';
import { getAuthState } from '../../lib/auth-store';

/**
 * A SCIM user's identity-provider access token (ARCHITECTURE section 5): sent as Access-Token with every call;
 * on 399 it is refreshed through msal at most once per 10 s (spec section 9), forced after 15 minutes and fully
 * reacquired (ssoSilent) after 30. Kept in local storage beside msal's own token cache.
 */
const KEY = 'lms.entra.access';

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

export function storeAccessToken(accessToken: string, config: TEntraConfig, acquiredAt = Date.now()): void {
  localStorage.setItem(KEY, JSON.stringify({ accessToken, acquiredAt, config } satisfies Stored));
}

let lastRefresh = 0;

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

setAccessTokenSource({
  current: () => (getAuthState().user?.loginType === LOGIN_TYPES.SCIM ? (read()?.accessToken ?? null) : null),
  refresh,
});
