import { decodeJwt } from 'jose';

/**
 * DECISIONS "status 399": a SCIM user's request carries the identity provider's access token (Access-Token), and a
 * missing or expired one answers 399 so the web app refreshes it (msal, silently). The session token is the
 * credential here; the access token shows that the user's sign-in at the directory is still current, so its
 * expiry is what counts. Its signature is not ours to check: Entra's tokens for other audiences (Microsoft Graph)
 * are not verifiable by a third party by design.
 */
export function isAccessTokenCurrent(header: string | string[] | undefined, now = Date.now()): boolean {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return false;
  try {
    const { exp } = decodeJwt(value);
    return typeof exp === 'number' && exp * 1000 > now;
  } catch {
    return false;
  }
}
