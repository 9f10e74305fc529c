import type { DbOrTrx } from '../../db/database';
import { userInScope, type UserScope } from './user-scope';

/**
 * Users active today (the flag within the active-from/to window, platform/active-window.ts) in the actor's scope:
 * the staff home's figure. The index (client_id, is_active, id) finds the flagged users; the window is read from
 * their rows (a scan of the client's active users: about 100,000 rows at that size).
 */
export async function countActiveUsers(db: DbOrTrx, scope: UserScope, today: string): Promise<number> {
  const row = await db
    .selectFrom('users as u')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) =>
      eb.and([
        userInScope(eb, scope),
        eb('u.is_active', '=', true),
        eb.or([eb('u.active_from', 'is', null), eb('u.active_from', '<=', today)]),
        eb.or([eb('u.active_to', 'is', null), eb('u.active_to', '>=', today)]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
