import { MAIL_RETRY_MAX_HOURS } from '@lms/contracts/constants';
import type { DbOrTrx } from '../../db/database';

const HOUR = 3_600_000;

/**
 * Mails of a client that failed for good in the 24 hours before `now` (the staff home's figure). A mail fails at
 * most MAIL_RETRY_MAX_HOURS after it was queued, so the index (client, status, created_at) bounds the rows read to
 * the failures of the last three days; `updated_at` then says when it failed.
 */
export async function countFailedMailsLastDay(db: DbOrTrx, clientId: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - 24 * HOUR).toISOString();
  const queuedSince = new Date(now.getTime() - (24 + MAIL_RETRY_MAX_HOURS + 1) * HOUR).toISOString();
  const row = await db
    .selectFrom('mail_queue')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('client_id', '=', clientId)
    .where('status', '=', 'failed')
    .where('created_at', '>=', queuedSince)
    .where('updated_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
