import { scopeOf, type TCapability } from '@lms/contracts/permissions';
import type { DbOrTrx } from '../../db/database';
import { forbidden, notFound } from '../../platform/errors';
import type { Actor } from '../../platform/session';

/** What the caller may do with a client it reached: 'read' for RESELLER_COORDINATOR ('resold-read'). */
export type ClientAccess = 'read' | 'write';

/**
 * The one check for acting on a client by id (PERMISSIONS.md "Scopes"): 'client' the own client, 'resold' and
 * 'resold-read' also the clients it resells, 'all' every client. Any other client answers 404, as if it did not
 * exist (ARCHITECTURE section 4); a client in reach that the role may only read answers 403 to a write.
 * Every feature that acts on a client by id (SMTP, tokens, contacts, legal texts) calls this one.
 */
export async function assertMayActOnClient(
  db: DbOrTrx,
  actor: Actor,
  capability: TCapability,
  clientId: string,
  mode: ClientAccess = 'write',
): Promise<ClientAccess> {
  const scope = scopeOf(actor.role, capability);
  if (!scope) return forbidden();
  const access: ClientAccess = scope === 'resold-read' ? 'read' : 'write';
  const allow = (): ClientAccess => (mode === 'write' && access === 'read' ? forbidden() : access);
  if (clientId === actor.clientId) return allow();
  if (scope !== 'all' && scope !== 'resold' && scope !== 'resold-read') return notFound('client');
  const row = await db
    .selectFrom('clients')
    .select(['id', 'reseller_client_id'])
    .where('id', '=', clientId)
    .executeTakeFirst();
  if (!row) return notFound('client');
  if (scope !== 'all' && row.reseller_client_id !== actor.clientId) return notFound('client');
  return allow();
}
