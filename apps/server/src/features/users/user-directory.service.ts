import { LOGIN_TYPES } from '@lms/contracts/roles';
import type { DbOrTrx } from '../../db/database';
import { sliceRows, type RowSlice } from '../../platform/paging';
import { recordDeletedUsers } from '../clients';
import { deleteUsersByIds, endSessionsOfUsers, normaliseLogin, saveUserFields, type UserRow } from './user.repository';

/**
 * What a client's SCIM directory (features/scim) asks of the users feature. The directory sees and changes only the
 * users it made (login type SCIM): an app-made account with the same login is a clash, never taken over.
 */
export {
  endSessionsOfUsers,
  findLoginClash,
  insertUsers,
  insertUsersReturning,
  loginClashAmong,
  loginValues,
  normaliseLogin,
  saveUserFields,
  usersByLogin,
} from './user.repository';
export type { UserRow } from './user.repository';

/** The filters a directory sends (RFC 7644 section 3.4.2.2, "eq" joined by "and"); e-mail is the work e-mail. */
export interface DirectoryUserFilter {
  id?: string[];
  userName?: string[];
  externalId?: string[];
  email?: string[];
}

const scimUsers = (db: DbOrTrx, clientId: string, f: DirectoryUserFilter) => {
  let q = db.selectFrom('users').where('client_id', '=', clientId).where('login_type', '=', LOGIN_TYPES.SCIM);
  // Each list holds the values of one attribute's "eq" terms joined by "and": all must hold.
  for (const v of f.id ?? []) q = q.where('id', '=', v);
  for (const v of f.userName ?? []) q = q.where('username_normalized', '=', normaliseLogin(v));
  for (const v of f.externalId ?? []) q = q.where('external_id', '=', v);
  for (const v of f.email ?? []) q = q.where('email_normalized', '=', normaliseLogin(v));
  return q;
};

/** One page of the directory's users, oldest first (a stable order for startIndex paging), and the total. */
export const listDirectoryUsers = (
  db: DbOrTrx,
  clientId: string,
  filter: DirectoryUserFilter,
  slice: RowSlice,
): Promise<{ total: number; rows: UserRow[] }> =>
  sliceRows(scimUsers(db, clientId, filter), slice, (q) => q.selectAll().orderBy('created_at').orderBy('id'));

export const findDirectoryUser = (db: DbOrTrx, clientId: string, id: string): Promise<UserRow | undefined> =>
  scimUsers(db, clientId, { id: [id] })
    .selectAll()
    .executeTakeFirst();

export const findDirectoryUsersByIds = (db: DbOrTrx, clientId: string, ids: readonly string[]) =>
  ids.length === 0
    ? Promise.resolve([] as UserRow[])
    : db
        .selectFrom('users')
        .selectAll()
        .where('client_id', '=', clientId)
        .where('login_type', '=', LOGIN_TYPES.SCIM)
        .where('id', 'in', ids)
        .execute();

/** Saves a directory's change; a deactivation ends the user's sessions (DECISIONS "sessions"). */
export async function saveDirectoryUser(
  db: DbOrTrx,
  current: UserRow,
  fields: Parameters<typeof saveUserFields>[2],
): Promise<void> {
  await saveUserFields(db, current, fields);
  if (fields.is_active === false && current.is_active) await endSessionsOfUsers(db, [current.id]);
}

/** Deletes a directory's user (sessions, memberships and progress go by foreign key), counted in the figures. */
export async function deleteDirectoryUser(db: DbOrTrx, clientId: string, id: string): Promise<void> {
  const deleted = await deleteUsersByIds(db, clientId, [id]);
  await recordDeletedUsers(db, clientId, deleted);
}

/** The externally managed user with this e-mail, for the first Entra ID sign-in (features/entra-login). */
export const findScimUserByEmail = (db: DbOrTrx, clientId: string, email: string): Promise<UserRow | undefined> =>
  scimUsers(db, clientId, { email: [email] })
    .selectAll()
    .executeTakeFirst();
