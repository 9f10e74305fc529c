import type { TEntraConfig } from '@lms/contracts/entra';
import { fetchEntraConfig } from './api/entra-api';
import { forgetAccessToken, storedEntraConfig } from './access-token';

/**
 * Signing out of the app signs out of Microsoft too (issue 28 point 8): on a shared computer the next "Sign in
 * with Microsoft" must not come back as the previous person. Everything msal keeps in this browser goes (its
 * account, its token cache, its key cookie) with our own stored access token, and the caller is handed the
 * tenant's end-session address to send the browser to (null when there is no Microsoft sign-in to end).
 */

/** msal-browser 5 names every entry it keeps in local and session storage, and its cache key cookie, `msal.…`. */
const MSAL_PREFIX = 'msal.';

function msalKeys(storage: Storage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(MSAL_PREFIX)) keys.push(key);
  }
  return keys;
}

/** Whatever msal left (also when msal could not run: no settings, provider unreachable). */
function sweepMsalState(): void {
  for (const storage of [localStorage, sessionStorage]) for (const key of msalKeys(storage)) storage.removeItem(key);
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim() ?? '';
    if (name.startsWith(MSAL_PREFIX))
      document.cookie = `${encodeURIComponent(name)}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax; Secure`;
  }
}

async function entraConfigOfThisClient(): Promise<TEntraConfig | null> {
  const config = await fetchEntraConfig().catch(() => null);
  return config?.available ? config : null;
}

export async function signOutOfMicrosoft(): Promise<string | null> {
  const held = msalKeys(localStorage).length > 0 || msalKeys(sessionStorage).length > 0;
  const config = storedEntraConfig() ?? (held ? await entraConfigOfThisClient() : null);
  forgetAccessToken();
  let endSessionUrl: string | null = null;
  if (config && held) {
    try {
      const { endMicrosoftSession } = await import('./msal');
      endSessionUrl = await endMicrosoftSession(config);
    } catch (err) {
      // The local sign-out happens either way; the identity provider may be out of reach.
      console.warn('Microsoft sign-out could not reach the identity provider', err);
    }
  }
  sweepMsalState();
  return endSessionUrl;
}
