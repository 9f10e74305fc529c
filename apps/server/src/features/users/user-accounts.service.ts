import type { Insertable, Updateable } from 'kysely';
import type { DbOrTrx, UsersTable } from '../../db/database';
import * as repo from './user.repository';

/**
 * What other features (auth, account, user-import) ask of the users feature about one account: they call these
 * functions, never user.repository.ts (ARCHITECTURE section 3), so the table stays this feature's business.
 */
export type UserRow = repo.UserRow;

export function findUserById(db: DbOrTrx, clientId: string, id: string): Promise<UserRow | undefined> {
  return repo.findUserById(db, clientId, id);
}

/** Sign-in by e-mail or username, inside one client. */
export function findUserByLogin(db: DbOrTrx, clientId: string, emailOrUsername: string): Promise<UserRow | undefined> {
  return repo.findUserByLogin(db, clientId, emailOrUsername);
}

/** Counts a failed login and answers the new count. */
export function countFailedLogin(db: DbOrTrx, clientId: string, id: string): Promise<number> {
  return repo.countFailedLogin(db, clientId, id);
}

/** Account fields a user or a sign-in changes (password, lockout, locale, ...); the search keys stay in step. */
export function updateUserFields(
  db: DbOrTrx,
  clientId: string,
  id: string,
  fields: Updateable<UsersTable>,
): Promise<void> {
  return repo.updateUserFields(db, clientId, id, fields);
}

/** New users of an import, with their search keys. */
export function insertUsers(db: DbOrTrx, rows: Insertable<UsersTable>[]): Promise<void> {
  return repo.insertUsers(db, rows);
}

export function listCompanies(db: DbOrTrx, clientId: string): Promise<Array<{ id: string; name: string }>> {
  return repo.listCompanies(db, clientId);
}
