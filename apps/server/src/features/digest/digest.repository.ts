import type { DbOrTrx } from '../../db/database';

// coordinator_digests: one row per coordinator and ISO week (issue 31 point 4).

/** Whether this week's digest of the person is done (sent, or found empty). */
export async function hasDigest(db: DbOrTrx, clientId: string, userId: string, isoWeek: string): Promise<boolean> {
  const row = await db
    .selectFrom('coordinator_digests')
    .select('iso_week')
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .where('iso_week', '=', isoWeek)
    .executeTakeFirst();
  return row !== undefined;
}

/** Where the person's previous digest's period ended (the next one's "newly overdue" starts there). */
export async function lastPeriodEnd(
  db: DbOrTrx,
  clientId: string,
  userId: string,
  beforeWeek: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('coordinator_digests')
    .select('period_end')
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .where('iso_week', '<', beforeWeek)
    .orderBy('iso_week', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.period_end;
}

/**
 * Claims the week's digest: inserts its row unless one exists (insert-or-skip on the key). Answers whether this
 * call inserted it; only then may the caller queue the mail, in the same transaction.
 */
export async function claimDigest(
  trx: DbOrTrx,
  row: { clientId: string; userId: string; isoWeek: string; periodEnd: string; isSent: boolean; now: string },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('coordinator_digests')
    .values({
      client_id: row.clientId,
      user_id: row.userId,
      iso_week: row.isoWeek,
      period_end: row.periodEnd,
      is_sent: row.isSent,
      mail_id: null,
      created_at: row.now,
    })
    .onConflict((oc) => oc.columns(['client_id', 'user_id', 'iso_week']).doNothing())
    .returning('iso_week')
    .execute();
  return inserted.length === 1;
}

export async function setDigestMail(
  trx: DbOrTrx,
  clientId: string,
  userId: string,
  isoWeek: string,
  mailId: string,
): Promise<void> {
  await trx
    .updateTable('coordinator_digests')
    .set({ mail_id: mailId })
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .where('iso_week', '=', isoWeek)
    .execute();
}
