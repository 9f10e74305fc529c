import type { TUpdateClientBody } from '@lms/contracts/client-admin';
import { scopeOf } from '@lms/contracts/permissions';
import type { DbOrTrx } from '../../db/database';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/session';
import type { ClientRow } from './client-admin.repository';
import { normalisePlatformDomain } from './client-domain';
import { findRootClientId } from './client-root';
import type { ClientAccess } from './client-scope';

/**
 * PERMISSIONS.md "licence window" (issue 28 point 6): the platform active flag, its dates, the platform domain and
 * the invoice client id belong to whoever sells the client's licence: the SUPERADMIN, and the RESELLER of the
 * client that resells it. A client's own staff read them, so its ADMIN cannot reopen a platform its reseller
 * closed; on the root client, whose licence nobody sells, its ADMIN and RESELLER write them (the table's
 * 'clients.licence'). The caller reached the client through assertMayActOnClient already.
 */
export async function licenceAccessOf(
  db: DbOrTrx,
  actor: Actor,
  client: Pick<ClientRow, 'id' | 'reseller_client_id'>,
): Promise<ClientAccess> {
  const scope = scopeOf(actor.role, 'clients.licence');
  if (scope === 'all') return 'write';
  if (scope === 'resold' && client.reseller_client_id === actor.clientId) return 'write';
  const ownStaff = scope === 'resold' || scope === 'client-read';
  if (ownStaff && client.id === actor.clientId && client.reseller_client_id === null)
    return (await findRootClientId(db)) === client.id ? 'write' : 'read';
  return 'read';
}

const sameDomain = (sent: string, stored: string): boolean => {
  try {
    return normalisePlatformDomain(sent) === stored;
  } catch {
    return false;
  }
};

/** The licence fields the body would change; a field sent with its stored value (the whole form) changes nothing. */
export function licenceChanges(body: TUpdateClientBody, current: ClientRow): string[] {
  const changed: string[] = [];
  if (body.platformActive !== undefined && body.platformActive !== current.is_platform_active)
    changed.push('platformActive');
  if (body.platformStart !== undefined && body.platformStart !== current.platform_start) changed.push('platformStart');
  if (body.platformEnd !== undefined && body.platformEnd !== current.platform_end) changed.push('platformEnd');
  if (body.platformDomain !== undefined && !sameDomain(body.platformDomain, current.platform_domain))
    changed.push('platformDomain');
  if (body.invoiceClientId !== undefined && (body.invoiceClientId || null) !== current.invoice_client_id)
    changed.push('invoiceClientId');
  return changed;
}

/** 403 client_licence_read_only naming the fields, unless the caller sells this client's licence. */
export async function assertMayChangeLicence(
  db: DbOrTrx,
  actor: Actor,
  body: TUpdateClientBody,
  current: ClientRow,
): Promise<void> {
  const changed = licenceChanges(body, current);
  if (changed.length === 0) return;
  if ((await licenceAccessOf(db, actor, current)) === 'read')
    throw new AppError(403, 'client_licence_read_only', { fields: changed.map((f) => ({ field: `body.${f}` })) });
}
