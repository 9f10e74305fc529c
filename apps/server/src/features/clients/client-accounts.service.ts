import type { DbOrTrx } from '../../db/database';
import { addDeletedUsers, isResellerClientRow } from './client-admin.repository';

// What the users feature asks of the clients feature (it never reads the clients table itself).

/** Deleted users are counted in the transaction that deletes them: the overview's "deleted users" figure. */
export const recordDeletedUsers = (trx: DbOrTrx, clientId: string, count: number): Promise<void> =>
  addDeletedUsers(trx, clientId, count);

/** DECISIONS "Clients": RESELLER and RESELLER_COORDINATOR exist only in reseller clients. */
export const isResellerClient = (db: DbOrTrx, clientId: string): Promise<boolean> => isResellerClientRow(db, clientId);
