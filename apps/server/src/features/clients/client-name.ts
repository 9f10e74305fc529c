import type { DbOrTrx } from '../../db/database';

/** A client's name (a learning record's heading names the client it was made for). */
export async function findClientName(db: DbOrTrx, clientId: string): Promise<string | undefined> {
  return (await db.selectFrom('clients').select('name').where('id', '=', clientId).executeTakeFirst())?.name;
}
