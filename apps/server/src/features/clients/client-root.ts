import type { DbOrTrx } from '../../db/database';

/**
 * The platform's root client: the one holding the SUPERADMINs (DECISIONS "Clients"), whose texts CSX means. It
 * resells nobody's platform itself, so it has no reseller; with several candidates the oldest wins, so the answer
 * is stable. Reads the (role, client_id) index, so it costs the same however many users there are.
 */
export async function findRootClientId(db: DbOrTrx): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .innerJoin('clients', 'clients.id', 'users.client_id')
    .select('clients.id')
    .where('users.role', '=', 'SUPERADMIN')
    .where('clients.reseller_client_id', 'is', null)
    .orderBy('clients.created_at')
    .orderBy('clients.id')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}
