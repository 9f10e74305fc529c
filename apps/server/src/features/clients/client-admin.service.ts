import { DEFAULT_COLOURS } from '@lms/contracts/client';
import type {
  TClient,
  TClientFields,
  TClientListQuery,
  TClientPage,
  TCreateClientBody,
  TUpdateClientBody,
} from '@lms/contracts/client-admin';
import { ZCreateClientBody } from '@lms/contracts/client-admin';
import { PASSWORD_MIN_LENGTH } from '@lms/contracts/constants';
import { scopeOf } from '@lms/contracts/permissions';
import type { Updateable } from 'kysely';
import type { ClientsTable, DbOrTrx } from '../../db/database';
import { audit, auditWhoOf, changedFields } from '../../platform/audit/audit-actor';
import type { AppDeps } from '../../platform/deps';
import { port, publish } from '../../platform/events';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import type { Actor } from '../../platform/session';
import { assertNotContentHost, normalisePlatformDomain } from './client-domain';
import { assertMayChangeLicence, licenceAccessOf } from './client-licence';
import { presentClient, presentClientSummary } from './client-present';
import { assertMayActOnClient, type ClientAccess } from './client-scope';
import {
  findClientClash,
  findClientRow,
  findResellerName,
  insertClient,
  isResellerClientRow,
  listClientPage,
  normaliseClientName,
  updateClientRow,
} from './client-admin.repository';

const today = () => new Date().toISOString().slice(0, 10);
/** Users sit in a higher layer (identity); they count themselves for the clients list. */
const countUsersByClient = port('users.count-by-client');

/** GET /api/client: SUPERADMIN sees every client, the reseller roles their own and the ones it resells. */
export async function listClients(deps: AppDeps, actor: Actor, query: TClientListQuery): Promise<TClientPage> {
  const scope = scopeOf(actor.role, 'clients.overview');
  if (!scope) return forbidden();
  const { rows, total, totalCapped } = await listClientPage(
    deps.db,
    { resellerClientId: scope === 'all' ? null : actor.clientId },
    query,
  );
  const users = await countUsersByClient(
    deps.db,
    rows.map((r) => r.id),
    today(),
  );
  const items = rows.map((r) => presentClientSummary(r, r.reseller_name, users.get(r.id)));
  return { items, total, totalCapped, page: query.page, pageSize: query.pageSize };
}

async function readClient(db: DbOrTrx, actor: Actor, id: string, access: ClientAccess): Promise<TClient> {
  const row = (await findClientRow(db, id)) ?? notFound('client');
  const users = await countUsersByClient(db, [id], today());
  const licence = access === 'write' ? await licenceAccessOf(db, actor, row) : 'read';
  return presentClient(row, await findResellerName(db, row.reseller_client_id), users.get(id), { access, licence });
}

export async function getClient(deps: AppDeps, actor: Actor, id: string): Promise<TClient> {
  const access = await assertMayActOnClient(deps.db, actor, 'clients.administer', id, 'read');
  return readClient(deps.db, actor, id, access);
}

/** Platform start must not lie after its end. */
function assertPlatformDates(start: string | null | undefined, end: string | null | undefined): void {
  if (start && end && start > end)
    badRequest('validation_failed', { fields: [{ field: 'body.platformEnd', message: 'before platformStart' }] });
}

/** The columns of the sent fields; fields left out stay as they are. */
function columnsOf(body: Partial<TClientFields>, domain: string | undefined): Updateable<ClientsTable> {
  const c: Updateable<ClientsTable> = {};
  if (body.name !== undefined) Object.assign(c, { name: body.name, name_normalized: normaliseClientName(body.name) });
  if (domain !== undefined) c.platform_domain = domain;
  if (body.address)
    Object.assign(c, {
      address_street: body.address.street,
      address_house_number: body.address.houseNumber,
      address_zip: body.address.zip,
      address_city: body.address.city,
    });
  if (body.colours) c.colours = JSON.stringify(body.colours);
  if (body.platformActive !== undefined) c.is_platform_active = body.platformActive;
  if (body.platformStart !== undefined) c.platform_start = body.platformStart;
  if (body.platformEnd !== undefined) c.platform_end = body.platformEnd;
  if (body.supportEmail !== undefined) c.support_email = body.supportEmail;
  if (body.emailFooter !== undefined) c.email_footer = body.emailFooter || null;
  if (body.invoiceClientId !== undefined) c.invoice_client_id = body.invoiceClientId || null;
  if (body.minPasswordLength !== undefined)
    c.min_password_length = Math.max(PASSWORD_MIN_LENGTH, body.minPasswordLength);
  if (body.entra)
    Object.assign(c, {
      is_entra_enabled: body.entra.enabled,
      entra_client_id: body.entra.clientId || null,
      entra_tenant_id: body.entra.tenantId || null,
    });
  return c;
}

/** Name and domain are unique platform-wide; the domain is stored normalised and never the content host. */
async function checkedIdentity(deps: AppDeps, trx: DbOrTrx, body: Partial<TClientFields>, exceptId?: string) {
  const domain = body.platformDomain === undefined ? undefined : normalisePlatformDomain(body.platformDomain);
  if (domain !== undefined) assertNotContentHost(domain, deps.config.contentOrigin);
  const nameNormalized = body.name === undefined ? undefined : normaliseClientName(body.name);
  const clash = await findClientClash(trx, { nameNormalized, domain }, exceptId);
  if (clash) conflict(clash);
  return domain;
}

export async function updateClient(deps: AppDeps, actor: Actor, id: string, body: TUpdateClientBody): Promise<TClient> {
  await assertMayActOnClient(deps.db, actor, 'clients.administer', id, 'write');
  return deps.db.transaction().execute(async (trx) => {
    const current = (await findClientRow(trx, id)) ?? notFound('client');
    if (body.isReseller !== undefined && body.isReseller !== current.is_reseller && actor.role !== 'SUPERADMIN')
      forbidden();
    await assertMayChangeLicence(trx, actor, body, current);
    assertPlatformDates(
      body.platformStart !== undefined ? body.platformStart : current.platform_start,
      body.platformEnd !== undefined ? body.platformEnd : current.platform_end,
    );
    const domain = await checkedIdentity(deps, trx, body, id);
    const changes = columnsOf(body, domain);
    if (body.isReseller !== undefined) changes.is_reseller = body.isReseller;
    await updateClientRow(trx, id, { ...changes, updated_at: nowIso() });
    const diff = changedFields(current, changes);
    if (diff) await audit(trx, auditWhoOf(actor), id, 'client.changed', { object: { type: 'client', id }, ...diff });
    return readClient(trx, actor, id, 'write');
  });
}

/**
 * POST /api/client (PERMISSIONS.md "create clients"): a SUPERADMIN creates any client and may mark it as a
 * reseller; a RESELLER creates a client that its own (reseller) client then resells. The client, its first ADMIN
 * and that admin's activation mail are one transaction.
 */
export async function createClient(deps: AppDeps, actor: Actor, input: TCreateClientBody): Promise<TClient> {
  const body = ZCreateClientBody.parse(input);
  const scope = scopeOf(actor.role, 'clients.create');
  if (!scope) return forbidden();
  if (scope !== 'all' && body.isReseller) return forbidden();
  if (scope !== 'all' && !(await isResellerClientRow(deps.db, actor.clientId))) return forbidden();
  assertPlatformDates(body.platformStart, body.platformEnd);
  const id = newId();
  await deps.db.transaction().execute(async (trx) => {
    const domain = (await checkedIdentity(deps, trx, body)) as string;
    const now = nowIso();
    await insertClient(trx, {
      id,
      name: body.name,
      name_normalized: normaliseClientName(body.name),
      platform_domain: domain,
      colours: JSON.stringify(DEFAULT_COLOURS),
      is_platform_active: true,
      min_password_length: PASSWORD_MIN_LENGTH,
      is_entra_enabled: false,
      is_reseller: scope === 'all' && body.isReseller,
      reseller_client_id: scope === 'all' ? null : actor.clientId,
      created_at: now,
      updated_at: now,
      ...columnsOf(body, domain),
    });
    // Issue 11 point 6: the first ADMIN and the activation mail (account feature), in this transaction.
    await publish('client.created', {
      trx,
      config: deps.config,
      client: {
        id,
        name: body.name,
        platformDomain: domain,
        supportEmail: body.supportEmail ?? null,
        admin: body.admin,
      },
    });
    // In the new client's own trail: its first entry says who made it.
    await audit(trx, auditWhoOf(actor), id, 'client.created', {
      object: { type: 'client', id },
      after: { name: body.name, platformDomain: domain, isReseller: scope === 'all' && body.isReseller },
      detail: { byClientId: actor.clientId },
    });
  });
  return readClient(deps.db, actor, id, 'write');
}
