import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { ClientContactsTable, DbOrTrx } from '../../db/database';

export type ClientContactRow = Selectable<ClientContactsTable>;

/** Sorted by responsibility, then name, ignoring case: the order a reader looks for a contact in. */
export const listContacts = (db: DbOrTrx, clientId: string) =>
  db
    .selectFrom('client_contacts')
    .selectAll()
    .where('client_id', '=', clientId)
    .orderBy(sql`lower(responsibility)`)
    .orderBy(sql`lower(last_name)`)
    .orderBy(sql`lower(first_name)`)
    .orderBy('id')
    .execute();

export const countContacts = async (db: DbOrTrx, clientId: string): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('client_contacts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('client_id', '=', clientId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/**
 * The client a contact id belongs to: the one lookup before the scope check, since the route names only the
 * contact. Every later query is scoped to that client.
 */
export const findContactClientId = async (db: DbOrTrx, id: string): Promise<string | undefined> =>
  (await db.selectFrom('client_contacts').select('client_id').where('id', '=', id).executeTakeFirst())?.client_id;

export const findContact = (db: DbOrTrx, clientId: string, id: string) =>
  db
    .selectFrom('client_contacts')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .executeTakeFirst();

export async function insertContact(db: DbOrTrx, row: Insertable<ClientContactsTable>): Promise<void> {
  await db.insertInto('client_contacts').values(row).execute();
}

export async function updateContact(
  db: DbOrTrx,
  clientId: string,
  id: string,
  changes: Updateable<ClientContactsTable>,
): Promise<void> {
  await db.updateTable('client_contacts').set(changes).where('client_id', '=', clientId).where('id', '=', id).execute();
}

export async function deleteContact(db: DbOrTrx, clientId: string, id: string): Promise<boolean> {
  const res = await db
    .deleteFrom('client_contacts')
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .executeTakeFirst();
  return res.numDeletedRows > 0n;
}
