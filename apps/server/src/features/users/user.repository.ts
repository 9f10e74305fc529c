import type { DbOrTrx, UsersTable } from '../../db/database';
import type { Selectable, Updateable } from 'kysely';
import { nowIso } from '../../platform/ids';

export type UserRow = Selectable<UsersTable>;

export const normaliseLogin = (value: string): string => value.trim().toLowerCase();

export const findUserById = (db: DbOrTrx, clientId: string, id: string) =>
  db.selectFrom('users').selectAll().where('client_id', '=', clientId).where('id', '=', id).executeTakeFirst();

/** Sign-in by e-mail or username, inside one client (uniqueness is per client). */
export const findUserByLogin = (db: DbOrTrx, clientId: string, emailOrUsername: string) => {
  const login = normaliseLogin(emailOrUsername);
  return db
    .selectFrom('users')
    .selectAll()
    .where('client_id', '=', clientId)
    .where((eb) => eb.or([eb('email_normalized', '=', login), eb('username_normalized', '=', login)]))
    .executeTakeFirst();
};

export async function updateUserFields(
  db: DbOrTrx,
  clientId: string,
  id: string,
  fields: Updateable<UsersTable>,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...fields, updated_at: nowIso() })
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .execute();
}

/** Counts a failed login in one statement, so parallel tries cannot lose a count. */
export async function countFailedLogin(db: DbOrTrx, clientId: string, id: string): Promise<number> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ failed_login_count: eb('failed_login_count', '+', 1) }))
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .returning('failed_login_count')
    .executeTakeFirst();
  return row?.failed_login_count ?? 0;
}
