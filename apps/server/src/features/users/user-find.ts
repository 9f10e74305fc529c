import type { DbOrTrx } from '../../db/database';
import { fail, notFound } from '../../platform/errors';
import type { UserRow } from './user.repository';
import { userInScope, type UserScope } from './user-scope';

/** A user the actor may see, or 404: another client's user and one outside a coordinator's groups look alike. */
export async function findUserInScope(db: DbOrTrx, scope: UserScope, id: string): Promise<UserRow> {
  const row = await db
    .selectFrom('users as u')
    .selectAll('u')
    .where('u.id', '=', id)
    .where((eb) => userInScope(eb, scope))
    .executeTakeFirst();
  return row ?? notFound('user');
}

/**
 * Every id of a selection, in scope, or the code "not the same number of users found" (spec section 8): a
 * selection with an unknown or foreign id changes nothing.
 */
export async function findSelectedUsers(db: DbOrTrx, scope: UserScope, ids: readonly string[]): Promise<UserRow[]> {
  const unique = [...new Set(ids)];
  const rows: UserRow[] = [];
  for (let i = 0; i < unique.length; i += 500) {
    const chunk = unique.slice(i, i + 500);
    rows.push(
      ...(await db
        .selectFrom('users as u')
        .selectAll('u')
        .where('u.id', 'in', chunk)
        .where((eb) => userInScope(eb, scope))
        .execute()),
    );
  }
  // 404, as for any foreign id, with the code that names the rule.
  if (rows.length !== unique.length) fail(404, 'users_not_same_count', { wanted: unique.length, found: rows.length });
  return rows;
}

/** Which of these users the actor may see (no error for the others): a coordinator's part of a mixed list. */
export async function userIdsInScope(db: DbOrTrx, scope: UserScope, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const found: string[] = [];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db
      .selectFrom('users as u')
      .select('u.id')
      .where('u.id', 'in', unique.slice(i, i + 500))
      .where((eb) => userInScope(eb, scope))
      .execute();
    found.push(...rows.map((r) => r.id));
  }
  return found;
}

/**
 * The client a user belongs to, by id alone (ids are unique platform-wide), for the reach checks that may cross
 * clients (a reseller's learning records of its resold clients): the caller decides whether that client is in reach.
 */
export async function findUserClientId(db: DbOrTrx, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('client_id').where('id', '=', id).executeTakeFirst();
  return row?.client_id;
}
