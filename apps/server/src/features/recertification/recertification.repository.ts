import type { Insertable } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import type { ValidityNoticesTable } from './recertification.table';

// validity_notices: the record of every validity mail and notification sent (issue 30 point 1).

/** Inserts the notices not sent yet; answers the recipients of those it inserted (the others were sent before). */
export async function insertNotices(
  db: DbOrTrx,
  rows: ReadonlyArray<Insertable<ValidityNoticesTable>>,
): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insertInto('validity_notices')
    .values([...rows])
    .onConflict((oc) => oc.columns(['client_id', 'training_id', 'recipient_id', 'kind', 'ref']).doNothing())
    .returning('recipient_id')
    .execute();
  return inserted.map((r) => r.recipient_id);
}

/** The people told of `kind` on `day` (UTC) in one training. */
export async function noticedOn(
  db: DbOrTrx,
  clientId: string,
  trainingId: string,
  kind: string,
  day: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('validity_notices')
    .select('recipient_id')
    .where('client_id', '=', clientId)
    .where('training_id', '=', trainingId)
    .where('kind', '=', kind)
    .where('created_at', '>=', `${day}T00:00:00.000Z`)
    .where('created_at', '<', `${nextDay(day)}T00:00:00.000Z`)
    .execute();
  return rows.map((r) => r.recipient_id);
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
