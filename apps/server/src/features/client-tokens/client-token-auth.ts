import { CLIENT_TOKEN_TOUCH_SECONDS } from '@lms/contracts/constants';
import type { Db } from '../../db/database';
import type { ClientTokenVerifier } from '../../platform/access';
import { hashToken } from '../../platform/session';
import { shortCache } from '../../platform/short-cache';
import { isClientTokenShaped, isExpired } from './client-token-secret';
import { findTokenByHash, touchToken } from './client-token.repository';

/**
 * How long this process keeps a token as read (issue 33: a directory's sync sends thousands of calls with one token,
 * and the read was one round trip of each). A change of the token in this process (invalidation, deletion, its
 * "last accessed" time) drops the entry at once (write family `tokens`); one made in another process holds there
 * within this time, as for sessions (docs/architecture.md "Security trade-off of the short caches of credentials").
 */
export const CLIENT_TOKEN_CACHE_MS = 5_000;
const tokenCache = shortCache<Awaited<ReturnType<typeof findTokenByHash>>>({
  ms: CLIENT_TOKEN_CACHE_MS,
  entries: 1_000,
  families: ['tokens'],
  keep: (row) => row !== undefined,
});

/**
 * The access guard's check for 'clientToken' routes: an active, unexpired token of the host's client, checked on
 * every call against the token as read (kept for CLIENT_TOKEN_CACHE_MS); "last accessed" is written at most once
 * per CLIENT_TOKEN_TOUCH_SECONDS per token, so a busy directory does not write on every call.
 */
export function clientTokenVerifier(db: Db): ClientTokenVerifier {
  return async (tenant, secret) => {
    if (!isClientTokenShaped(secret)) return null;
    const hash = hashToken(secret);
    const row = await tokenCache(db, `${tenant.id}:${hash}`, () => findTokenByHash(db, tenant.id, hash));
    const now = new Date();
    if (!row || row.client_id !== tenant.id || !row.is_active || isExpired(row.expires_on, now)) return null;
    const staleBefore = new Date(now.getTime() - CLIENT_TOKEN_TOUCH_SECONDS * 1000);
    if (row.last_accessed_at === null || Date.parse(row.last_accessed_at) < staleBefore.getTime())
      await touchToken(db, row.id, now.toISOString(), staleBefore.toISOString());
    return { tokenId: row.id, clientId: row.client_id };
  };
}
