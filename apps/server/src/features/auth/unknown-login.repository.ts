import type { DbOrTrx } from '../../db/database';

/** A name's failures are forgotten a day after its last try, so the table cannot grow with random names forever. */
const FORGET_AFTER_MS = 86_400_000;

export const findUnknownLoginLock = (db: DbOrTrx, clientId: string, login: string) =>
  db
    .selectFrom('unknown_login_failures')
    .select(['locked_until'])
    .where('client_id', '=', clientId)
    .where('login_normalized', '=', login)
    .executeTakeFirst();

/** Counts one more failure for a name without an account and answers the count. */
export async function countUnknownLoginFailure(db: DbOrTrx, clientId: string, login: string): Promise<number> {
  const now = new Date();
  await db
    .deleteFrom('unknown_login_failures')
    .where('updated_at', '<', new Date(now.getTime() - FORGET_AFTER_MS).toISOString())
    .execute();
  const row = await db
    .insertInto('unknown_login_failures')
    .values({ client_id: clientId, login_normalized: login, failed_count: 1, updated_at: now.toISOString() })
    .onConflict((oc) =>
      oc.columns(['client_id', 'login_normalized']).doUpdateSet((eb) => ({
        failed_count: eb('unknown_login_failures.failed_count', '+', 1),
        updated_at: now.toISOString(),
      })),
    )
    .returning('failed_count')
    .executeTakeFirstOrThrow();
  return row.failed_count;
}

export const lockUnknownLogin = (db: DbOrTrx, clientId: string, login: string, until: string) =>
  db
    .updateTable('unknown_login_failures')
    .set({ locked_until: until, failed_count: 0 })
    .where('client_id', '=', clientId)
    .where('login_normalized', '=', login)
    .execute();
