import { scopeOf, type TCapability } from '@lms/contracts/permissions';
import type { DbOrTrx } from '../../db/database';
import { forbidden, notFound } from '../../platform/errors';
import type { Actor } from '../../platform/session';

/**
 * PERMISSIONS.md scopes for acting on a client by id: 'client' the own client, 'resold' also the clients it resells,
 * 'all' every client. Any other client answers 404, as if it did not exist (ARCHITECTURE section 4).
 * Kept here until the client administration feature owns one shared check.
 */
export async function assertMayActOnClient(
  db: DbOrTrx,
  actor: Actor,
  capability: TCapability,
  clientId: string,
): Promise<void> {
  const scope = scopeOf(actor.role, capability);
  if (!scope || scope === 'resold-read') return forbidden();
  if (clientId === actor.clientId) return;
  if (scope !== 'all' && scope !== 'resold') return notFound('client');
  const row = await db
    .selectFrom('clients')
    .select(['id', 'reseller_client_id'])
    .where('id', '=', clientId)
    .executeTakeFirst();
  if (!row) return notFound('client');
  if (scope === 'resold' && row.reseller_client_id !== actor.clientId) return notFound('client');
}
