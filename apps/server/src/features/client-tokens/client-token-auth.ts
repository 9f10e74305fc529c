import { CLIENT_TOKEN_TOUCH_SECONDS } from '@lms/contracts/constants';
import type { Db } from '../../db/database';
import type { ClientTokenVerifier } from '../../platform/access';
import { hashToken } from '../../platform/session';
import { isClientTokenShaped, isExpired } from './client-token-secret';
import { findTokenByHash, touchToken } from './client-token.repository';

/**
 * The access guard's check for 'clientToken' routes: an active, unexpired token of the host's client. One indexed
 * read per call; "last accessed" is written at most once per CLIENT_TOKEN_TOUCH_SECONDS per token, so a busy
 * directory does not write on every call.
 */
export function clientTokenVerifier(db: Db): ClientTokenVerifier {
  return async (tenant, secret) => {
    if (!isClientTokenShaped(secret)) return null;
    const row = await findTokenByHash(db, hashToken(secret));
    const now = new Date();
    if (!row || row.client_id !== tenant.id || !row.is_active || isExpired(row.expires_on, now)) return null;
    const staleBefore = new Date(now.getTime() - CLIENT_TOKEN_TOUCH_SECONDS * 1000);
    if (row.last_accessed_at === null || Date.parse(row.last_accessed_at) < staleBefore.getTime())
      await touchToken(db, row.id, now.toISOString(), staleBefore.toISOString());
    return { tokenId: row.id, clientId: row.client_id };
  };
}
