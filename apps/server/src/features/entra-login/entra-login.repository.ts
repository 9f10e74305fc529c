import type { DbOrTrx } from '../../db/database';
import { nowIso } from '../../platform/ids';

export async function insertNonce(db: DbOrTrx, clientId: string, nonceHash: string, expiresAt: string) {
  await db
    .insertInto('entra_nonces')
    .values({ nonce_hash: nonceHash, client_id: clientId, expires_at: expiresAt, used_at: null })
    .execute();
}

/** Uses a nonce once: true only for an unused, unexpired nonce of this client (one statement, so no race). */
export async function consumeNonce(db: DbOrTrx, clientId: string, nonceHash: string): Promise<boolean> {
  const now = nowIso();
  const res = await db
    .updateTable('entra_nonces')
    .set({ used_at: now })
    .where('nonce_hash', '=', nonceHash)
    .where('client_id', '=', clientId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export const findLinkedUserId = async (db: DbOrTrx, clientId: string, tid: string, oid: string) =>
  (
    await db
      .selectFrom('entra_links')
      .select('user_id')
      .where('client_id', '=', clientId)
      .where('tenant_id', '=', tid)
      .where('object_id', '=', oid)
      .executeTakeFirst()
  )?.user_id;

export const isUserLinked = async (db: DbOrTrx, clientId: string, userId: string) =>
  !!(await db
    .selectFrom('entra_links')
    .select('user_id')
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .executeTakeFirst());

export async function insertLink(db: DbOrTrx, link: { clientId: string; userId: string; tid: string; oid: string }) {
  await db
    .insertInto('entra_links')
    .values({
      user_id: link.userId,
      client_id: link.clientId,
      tenant_id: link.tid,
      object_id: link.oid,
      created_at: nowIso(),
    })
    .execute();
}
