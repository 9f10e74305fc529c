import type { DbOrTrx } from '../../db/database';
import { CLEANUP_BATCH } from '../../platform/batch-delete';

/**
 * Deletes up to `limit` Entra sign-in nonces used or expired before `now` (the daily clean-up,
 * account/access-cleanup.job.ts; issue 28 point 7: every POST /api/user/entra-nonce adds a row). A deleted nonce
 * can never be used again: a sign-in needs its row unused and unexpired (entra-login.repository.ts consumeNonce).
 * Platform-wide on purpose (no client filter); answers how many.
 */
export async function deleteStaleEntraNonces(db: DbOrTrx, now: Date, limit = CLEANUP_BATCH): Promise<number> {
  const at = now.toISOString();
  const res = await db
    .deleteFrom('entra_nonces')
    .where('nonce_hash', 'in', (eb) =>
      eb
        .selectFrom('entra_nonces')
        .select('nonce_hash')
        .where((w) => w.or([w('expires_at', '<', at), w('used_at', '<=', at)]))
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
