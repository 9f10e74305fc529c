import type { DbOrTrx } from '../../db/database';

/**
 * Deletes up to `limit` mails sent before `before` (their attempts go with them, foreign key cascade); answers how
 * many. Platform-wide on purpose: the retention clean-up of every client's mail (MAIL_RETENTION_DAYS). Mail that
 * failed or still waits stays, so the queue screen can still explain it.
 */
export async function deleteSentMailBefore(db: DbOrTrx, before: Date, limit: number): Promise<number> {
  const res = await db
    .deleteFrom('mail_queue')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('mail_queue')
        .select('id')
        .where('status', '=', 'sent')
        .where('sent_at', '<', before.toISOString())
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
