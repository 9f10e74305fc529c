import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import { nowIso } from '../../platform/ids';

/** Last sign-in, or the account's creation for someone who never signed in. */
const activity = sql<string>`coalesce(u.last_login_at, u.created_at)`;

export interface InactiveUser {
  id: string;
  activityAt: string;
}

/**
 * A page (by id) of the client's accounts inactive since before `before`: not erased, not a SUPERADMIN (the
 * platform's own operators are not the client's to retire); `onlyActive` for the deactivation stage.
 */
export async function inactiveUsers(
  db: DbOrTrx,
  clientId: string,
  o: { before: string; onlyActive: boolean; afterId: string | null; limit: number },
): Promise<InactiveUser[]> {
  let q = db
    .selectFrom('users as u')
    .select(['u.id', activity.as('activity_at')])
    .where('u.client_id', '=', clientId)
    .where('u.role', '!=', 'SUPERADMIN')
    .where(activity, '<', o.before)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('gdpr_erasures as e')
            .select('e.user_id')
            .where('e.client_id', '=', clientId)
            .whereRef('e.user_id', '=', 'u.id'),
        ),
      ),
    )
    .orderBy('u.id')
    .limit(o.limit);
  if (o.onlyActive) q = q.where('u.is_active', '=', true);
  if (o.afterId) q = q.where('u.id', '>', o.afterId);
  const rows = await q.execute();
  // PostgreSQL answers a timestamptz (parsed to ISO), SQLite the stored ISO text: one spelling either way.
  return rows.map((r) => ({ id: r.id, activityAt: new Date(r.activity_at).toISOString() }));
}

/** Records the warning about this activity; false when it was recorded before (by this or another process). */
export async function claimWarning(
  db: DbOrTrx,
  clientId: string,
  userId: string,
  stage: 'deactivate' | 'erase',
  activityAt: string,
  at: string,
): Promise<boolean> {
  const r = await db
    .insertInto('gdpr_retention_warnings')
    .values({ client_id: clientId, user_id: userId, stage, activity_at: activityAt, warned_at: at })
    .onConflict((oc) => oc.columns(['client_id', 'user_id', 'stage', 'activity_at']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** When the warning about this activity went out, if it did. */
export const warnedAt = async (
  db: DbOrTrx,
  clientId: string,
  userId: string,
  stage: 'deactivate' | 'erase',
  activityAt: string,
): Promise<string | undefined> =>
  (
    await db
      .selectFrom('gdpr_retention_warnings')
      .select('warned_at')
      .where('client_id', '=', clientId)
      .where('user_id', '=', userId)
      .where('stage', '=', stage)
      .where('activity_at', '=', activityAt)
      .executeTakeFirst()
  )?.warned_at;

/** Deactivates one account if it is still active (compare-and-set): answers whether this call did it. */
export async function deactivateIfActive(db: DbOrTrx, clientId: string, userId: string): Promise<boolean> {
  const r = await db
    .updateTable('users')
    .set({ is_active: false, updated_at: nowIso() })
    .where('client_id', '=', clientId)
    .where('id', '=', userId)
    .where('is_active', '=', true)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) return false;
  await db.deleteFrom('sessions').where('client_id', '=', clientId).where('user_id', '=', userId).execute();
  return true;
}
