import type { TAuditFilter } from '@lms/contracts/audit';
import type { DbOrTrx } from '../../db/database';
import { AUDIT_READ_COLUMNS, type AuditReadRow } from '../../platform/audit/audit.table';

/** A stored entry as the screen and the export read it (the hash columns stay on the server). */
export type AuditRow = AuditReadRow;

const DAY_END = 'T23:59:59.999Z';

/**
 * One page of a client's trail, newest first, from `before` (exclusive) down. Each filter has an index
 * (client_id, <column>, seq) of migration 0030, so a page of a filtered trail is a range scan however long it grows;
 * the period uses `at` (a timestamp in ISO text on SQLite, sorted as text: both compare in time order).
 */
export async function readAuditPage(
  db: DbOrTrx,
  clientId: string,
  filter: TAuditFilter,
  before: number | undefined,
  limit: number,
): Promise<AuditRow[]> {
  let q = db
    .selectFrom('audit_entries')
    .select([...AUDIT_READ_COLUMNS])
    .where('client_id', '=', clientId);
  if (before !== undefined) q = q.where('seq', '<', before);
  if (filter.actorId) q = q.where('actor_id', '=', filter.actorId);
  if (filter.action) q = q.where('action', '=', filter.action);
  if (filter.objectId) q = q.where('object_id', '=', filter.objectId);
  if (filter.from) q = q.where('at', '>=', `${filter.from}T00:00:00.000Z`);
  if (filter.to) q = q.where('at', '<=', `${filter.to}${DAY_END}`);
  const rows = await q.orderBy('seq', 'desc').limit(limit).execute();
  return rows.map((r) => ({ ...r, seq: Number(r.seq), at: String(r.at) }));
}

/** Clients that have a trail (the retention job walks them). */
export async function clientsWithAuditTrail(db: DbOrTrx): Promise<string[]> {
  const rows = await db.selectFrom('audit_heads').select('client_id').orderBy('client_id').execute();
  return rows.map((r) => r.client_id);
}

/**
 * Deletes up to `limit` of the client's oldest entries written before `before`; answers how many. The chain is cut
 * at its start only (entries are written in time order), so what remains still verifies.
 */
export async function deleteAuditEntriesBefore(
  db: DbOrTrx,
  clientId: string,
  before: string,
  limit: number,
): Promise<number> {
  const res = await db
    .deleteFrom('audit_entries')
    .where('client_id', '=', clientId)
    .where('seq', 'in', (eb) =>
      eb
        .selectFrom('audit_entries')
        .select('seq')
        .where('client_id', '=', clientId)
        .where('at', '<', before)
        .orderBy('seq')
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
