import type { Insertable, Selectable, Updateable } from 'kysely';
import type { ClientSmtpTable, DbOrTrx } from '../../db/database';

export type ClientSmtpRow = Selectable<ClientSmtpTable>;

export const findClientSmtp = (db: DbOrTrx, clientId: string) =>
  db.selectFrom('client_smtp').selectAll().where('client_id', '=', clientId).executeTakeFirst();

export async function upsertClientSmtp(
  db: DbOrTrx,
  clientId: string,
  row: Omit<Insertable<ClientSmtpTable>, 'client_id'>,
): Promise<void> {
  const { created_at: _created, ...changes } = row;
  await db
    .insertInto('client_smtp')
    .values({ ...row, client_id: clientId })
    .onConflict((oc) => oc.column('client_id').doUpdateSet(changes))
    .execute();
}

export async function updateClientSmtp(
  db: DbOrTrx,
  clientId: string,
  changes: Updateable<ClientSmtpTable>,
): Promise<void> {
  await db.updateTable('client_smtp').set(changes).where('client_id', '=', clientId).execute();
}

export async function deleteClientSmtp(db: DbOrTrx, clientId: string): Promise<boolean> {
  const res = await db.deleteFrom('client_smtp').where('client_id', '=', clientId).executeTakeFirst();
  return res.numDeletedRows > 0n;
}
