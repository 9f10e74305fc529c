import type { DbOrTrx, UsersTable } from '../../db/database';
import type { Insertable, Selectable, Updateable } from 'kysely';
import { newId, nowIso } from '../../platform/ids';
import { userSearchKeys } from './user-search-keys';

export type UserRow = Selectable<UsersTable>;

export const normaliseLogin = (value: string): string => value.trim().toLowerCase();

export const findUserById = (db: DbOrTrx, clientId: string, id: string) =>
  db.selectFrom('users').selectAll().where('client_id', '=', clientId).where('id', '=', id).executeTakeFirst();

/**
 * The users of a client whose e-mail or username is one of `values`: two index lookups joined by UNION ALL, e-mail
 * first. One statement with `email = ? or username = ?` let SQLite use only the client part of either index and
 * read every user of the client (issue 15: 35 ms per sign-in at 10,000 users, nearly all of it at 100,000).
 */
export function usersByLogin(db: DbOrTrx, clientId: string, values: readonly string[], exceptId?: string) {
  const branch = (column: 'email_normalized' | 'username_normalized') => {
    const q = db.selectFrom('users').selectAll().where('client_id', '=', clientId).where(column, 'in', values);
    return exceptId ? q.where('id', '!=', exceptId) : q;
  };
  return branch('email_normalized').unionAll(branch('username_normalized'));
}

/** Sign-in by e-mail or username, inside one client (uniqueness is per client). */
export const findUserByLogin = (db: DbOrTrx, clientId: string, emailOrUsername: string) =>
  usersByLogin(db, clientId, [normaliseLogin(emailOrUsername)])
    .limit(1)
    .executeTakeFirst();

export async function updateUserFields(
  db: DbOrTrx,
  clientId: string,
  id: string,
  fields: Updateable<UsersTable>,
): Promise<void> {
  const keys = clearsSearchKeys(fields) ? { search_text: null, sort_name: null } : {};
  await db
    .updateTable('users')
    .set({ ...fields, ...keys, updated_at: nowIso() })
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

const SEARCH_KEY_FIELDS = ['first_name', 'last_name', 'email', 'username', 'personell_number'] as const;

/** Writers that change a name or login without the keys leave them for repairUserSearchKeys. */
export const clearsSearchKeys = (fields: Updateable<UsersTable>): boolean =>
  SEARCH_KEY_FIELDS.some((f) => f in fields) && !('search_text' in fields);

/** Inserts users with their search keys; many rows go in chunks (SQLite allows 32,766 bound values). */
export async function insertUsers(db: DbOrTrx, rows: Insertable<UsersTable>[]): Promise<void> {
  const withKeys = withSearchKeys(rows);
  for (let i = 0; i < withKeys.length; i += 200) {
    await db
      .insertInto('users')
      .values(withKeys.slice(i, i + 200))
      .execute();
  }
}

/** insertUsers answering the rows as stored (RETURNING): no read after the write. */
export async function insertUsersReturning(db: DbOrTrx, rows: Insertable<UsersTable>[]): Promise<UserRow[]> {
  const withKeys = withSearchKeys(rows);
  const stored: UserRow[] = [];
  for (let i = 0; i < withKeys.length; i += 200)
    stored.push(
      ...(await db
        .insertInto('users')
        .values(withKeys.slice(i, i + 200))
        .returningAll()
        .execute()),
    );
  return stored;
}

const withSearchKeys = (rows: Insertable<UsersTable>[]) =>
  rows.map((r) => ({
    ...r,
    ...userSearchKeys({
      first_name: r.first_name,
      last_name: r.last_name,
      email: r.email ?? null,
      username: r.username ?? null,
      personell_number: r.personell_number ?? null,
    }),
  }));

/** Updates a user whose current row is known, keeping the search keys in step. */
export async function saveUserFields(db: DbOrTrx, current: UserRow, fields: Updateable<UsersTable>): Promise<void> {
  const merged = { ...current, ...fields };
  const keys = SEARCH_KEY_FIELDS.some((f) => f in fields) ? userSearchKeys(merged) : {};
  await updateUserFields(db, current.client_id, current.id, { ...fields, ...keys });
}

export const findUsersByIds = (db: DbOrTrx, clientId: string, ids: readonly string[]) =>
  ids.length === 0
    ? Promise.resolve([] as UserRow[])
    : db.selectFrom('users').selectAll().where('client_id', '=', clientId).where('id', 'in', ids).execute();

/**
 * E-mail and username share one login field, so each must be unique among both (DECISIONS "login payload"):
 * an e-mail that is someone's username would make the login ambiguous.
 */
export async function findLoginClash(
  db: DbOrTrx,
  clientId: string,
  login: { email: string | null; username: string | null },
  exceptId?: string,
): Promise<'email_taken' | 'username_taken' | undefined> {
  const values = loginValues(login);
  if (values.length === 0) return undefined;
  return loginClashAmong(await usersByLogin(db, clientId, values, exceptId).limit(2).execute(), login);
}

/** The normalised e-mail and username of a login, the values usersByLogin looks for. */
export const loginValues = (login: { email: string | null; username: string | null }): string[] =>
  [login.email, login.username].filter((v): v is string => !!v).map(normaliseLogin);

type LoginKeys = Pick<UserRow, 'email_normalized' | 'username_normalized'>;

/**
 * findLoginClash's verdict on rows already read (usersByLogin of at least this login's values, or more): a batch of
 * new users checks all its logins with one read (features/scim/scim-user-create.ts).
 */
export function loginClashAmong(
  rows: readonly LoginKeys[],
  login: { email: string | null; username: string | null },
): 'email_taken' | 'username_taken' | undefined {
  const email = login.email ? normaliseLogin(login.email) : null;
  const values = loginValues(login);
  const clashes = rows.filter(
    (r) =>
      (r.email_normalized !== null && values.includes(r.email_normalized)) ||
      (r.username_normalized !== null && values.includes(r.username_normalized)),
  );
  if (email && clashes.some((c) => c.email_normalized === email || c.username_normalized === email))
    return 'email_taken';
  if (clashes.length > 0) return 'username_taken';
  return undefined;
}

export async function deleteUsersByIds(db: DbOrTrx, clientId: string, ids: readonly string[]): Promise<number> {
  let deleted = 0;
  const now = nowIso();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const res = await db
      .deleteFrom('users')
      .where('client_id', '=', clientId)
      .where('id', 'in', chunk)
      .executeTakeFirst();
    deleted += Number(res.numDeletedRows);
  }
  const log = Array.from({ length: deleted }, () => ({ id: newId(), client_id: clientId, deleted_at: now }));
  for (let i = 0; i < log.length; i += 500)
    await db
      .insertInto('user_deletions')
      .values(log.slice(i, i + 500))
      .execute();
  return deleted;
}

export async function setUsersActive(db: DbOrTrx, clientId: string, ids: readonly string[], active: boolean) {
  for (let i = 0; i < ids.length; i += 500) {
    await db
      .updateTable('users')
      .set({ is_active: active, updated_at: nowIso() })
      .where('client_id', '=', clientId)
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
  }
}

export const findCompany = (db: DbOrTrx, clientId: string, id: string) =>
  db
    .selectFrom('companies')
    .select(['id', 'name'])
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .executeTakeFirst();

export const listCompanies = (db: DbOrTrx, clientId: string) =>
  db.selectFrom('companies').select(['id', 'name']).where('client_id', '=', clientId).execute();

/** Deactivation and deletion end every session of the users (DECISIONS "sessions"). */
export async function endSessionsOfUsers(db: DbOrTrx, ids: readonly string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    await db
      .deleteFrom('sessions')
      .where('user_id', 'in', ids.slice(i, i + 500))
      .execute();
  }
}
