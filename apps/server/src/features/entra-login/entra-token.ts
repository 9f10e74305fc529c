import { createRemoteJWKSet, decodeJwt, jwtVerify, type JWTPayload } from 'jose';
import { fail } from '../../platform/errors';

/**
 * Checks an Entra ID token with jose: signature from the tenant's JWKS (found through the tenant's OpenID
 * configuration under ENTRA_AUTHORITY), issuer built from the token's own tid (`<authority>/<tid>/v2.0`, as
 * Entra issues it), audience = the client's app (client) id (a string, or a list with `azp` naming it), tid = the
 * client's tenant, and the expiry (jose; 60 s of clock skew). The nonce is the caller's business (it is single use, so it lives in the database).
 */

export interface EntraIdentity {
  tid: string;
  oid: string;
  nonce: string;
  email: string | null;
  emailVerified: boolean;
}

const CLOCK_TOLERANCE_S = 60;
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
const discovered = new Map<string, { jwksUri: string; at: number }>();
const DISCOVERY_TTL_MS = 60 * 60_000;

const invalid = (): never => fail(401, 'entra_token_invalid');

async function jwksUriOf(authority: string, tenantId: string): Promise<string> {
  const url = `${authority.replace(/\/$/, '')}/${encodeURIComponent(tenantId)}/v2.0/.well-known/openid-configuration`;
  const known = discovered.get(url);
  if (known && Date.now() - known.at < DISCOVERY_TTL_MS) return known.jwksUri;
  let jwksUri: unknown;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    if (res.ok) jwksUri = ((await res.json()) as { jwks_uri?: unknown }).jwks_uri;
  } catch {
    jwksUri = undefined;
  }
  if (typeof jwksUri !== 'string') return fail(503, 'entra_not_available');
  discovered.set(url, { jwksUri, at: Date.now() });
  return jwksUri;
}

function keySetOf(uri: string) {
  let set = keySets.get(uri);
  if (!set) {
    set = createRemoteJWKSet(new URL(uri), { timeoutDuration: 5_000, cooldownDuration: 30_000 });
    keySets.set(uri, set);
  }
  return set;
}

/**
 * jose's `audience` accepts a token whose `aud` array merely contains the client id, so a token issued to another
 * app that lists ours too would pass (issue 28 point 7d). OpenID Connect Core 3.1.3.7: with several audiences the
 * authorised party (`azp`) must be us; an `azp` that is present must be us in any case. Entra issues a string `aud`.
 */
function isForThisApp(payload: JWTPayload, clientId: string): boolean {
  const { aud, azp } = payload;
  if (azp !== undefined && azp !== clientId) return false;
  if (typeof aud === 'string') return aud === clientId;
  return Array.isArray(aud) && aud.includes(clientId) && azp === clientId;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

export async function verifyEntraIdToken(
  idToken: string,
  expected: { authority: string; clientId: string; tenantId: string },
): Promise<EntraIdentity> {
  let unverified: JWTPayload;
  try {
    unverified = decodeJwt(idToken);
  } catch {
    return invalid();
  }
  // Another tenant's user: refused before any key is fetched, with the catalogue's "not known to the directory".
  if (str(unverified.tid) !== expected.tenantId) fail(403, 'entra_client_unknown');
  const keys = keySetOf(await jwksUriOf(expected.authority, expected.tenantId));
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, keys, {
      issuer: `${expected.authority.replace(/\/$/, '')}/${expected.tenantId}/v2.0`,
      audience: expected.clientId,
      algorithms: ['RS256', 'RS384', 'RS512', 'PS256', 'ES256'],
      clockTolerance: CLOCK_TOLERANCE_S,
      requiredClaims: ['exp', 'iat', 'nonce', 'tid', 'oid'],
    }));
  } catch {
    return invalid();
  }
  if (!isForThisApp(payload, expected.clientId)) return invalid();
  const tid = str(payload.tid);
  const oid = str(payload.oid);
  const nonce = str(payload.nonce);
  if (tid !== expected.tenantId || !oid || !nonce) return invalid();
  // Entra marks a verified e-mail with email_verified or xms_edov (the domain owner verified it).
  const emailVerified = payload.email_verified === true || payload.xms_edov === true;
  return { tid, oid, nonce, email: str(payload.email)?.toLowerCase() ?? null, emailVerified };
}
