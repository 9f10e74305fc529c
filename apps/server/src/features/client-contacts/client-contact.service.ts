import type {
  TClientContact,
  TClientContactList,
  ZCreateClientContactBody,
  ZSaveClientContactBody,
} from '@lms/contracts/client-contacts';
import { CLIENT_CONTACTS_MAX } from '@lms/contracts/constants';
import type { z } from 'zod';
import type { DbOrTrx } from '../../db/database';
import type { AppDeps } from '../../platform/deps';
import { conflict, notFound } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import type { Actor } from '../../platform/session';
import { assertMayActOnClient } from '../clients';
import {
  countContacts,
  deleteContact,
  findContact,
  findContactClientId,
  insertContact,
  listContacts,
  updateContact,
  type ClientContactRow,
} from './client-contact.repository';

/** PERMISSIONS.md "client administration: ... contacts": RESELLER_COORDINATOR reads, the others write. */
const CAPABILITY = 'clients.administer';

type SaveBody = z.output<typeof ZSaveClientContactBody>;
type CreateBody = z.output<typeof ZCreateClientContactBody>;

const present = (r: ClientContactRow): TClientContact => ({
  id: r.id,
  clientId: r.client_id,
  responsibility: r.responsibility,
  firstName: r.first_name,
  lastName: r.last_name,
  phone: r.phone,
  email: r.email,
  updatedAt: r.updated_at,
});

const columns = (b: SaveBody) => ({
  responsibility: b.responsibility,
  first_name: b.firstName,
  last_name: b.lastName,
  phone: b.phone,
  email: b.email,
});

export async function listClientContacts(deps: AppDeps, actor: Actor, clientId: string): Promise<TClientContactList> {
  await assertMayActOnClient(deps.db, actor, CAPABILITY, clientId, 'read');
  return { items: (await listContacts(deps.db, clientId)).map(present) };
}

export async function createClientContact(deps: AppDeps, actor: Actor, input: CreateBody): Promise<TClientContact> {
  await assertMayActOnClient(deps.db, actor, CAPABILITY, input.clientId);
  return deps.db.transaction().execute(async (trx) => {
    if ((await countContacts(trx, input.clientId)) >= CLIENT_CONTACTS_MAX)
      conflict('client_contacts_limit', { max: CLIENT_CONTACTS_MAX });
    const now = nowIso();
    const id = newId();
    await insertContact(trx, { id, client_id: input.clientId, ...columns(input), created_at: now, updated_at: now });
    return present((await findContact(trx, input.clientId, id)) ?? notFound('contact'));
  });
}

/** The route names only the contact; its client decides the scope. A contact outside the scope is not found. */
async function scopedClientOf(deps: AppDeps, actor: Actor, id: string): Promise<string> {
  const clientId = (await findContactClientId(deps.db, id)) ?? notFound('contact');
  await assertMayActOnClient(deps.db, actor, CAPABILITY, clientId);
  return clientId;
}

export async function updateClientContact(
  deps: AppDeps,
  actor: Actor,
  id: string,
  input: SaveBody,
): Promise<TClientContact> {
  const clientId = await scopedClientOf(deps, actor, id);
  await updateContact(deps.db, clientId, id, { ...columns(input), updated_at: nowIso() });
  return present((await findContact(deps.db, clientId, id)) ?? notFound('contact'));
}

export async function removeClientContact(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  const clientId = await scopedClientOf(deps, actor, id);
  if (!(await deleteContact(deps.db, clientId, id))) notFound('contact');
}

/**
 * For the contact person page and the appointment dialog (issue 14): the signed-in user's own client's contacts.
 * No scope check here: every user may reach their client's contacts (PERMISSIONS.md "contact persons: own").
 */
export async function contactsOfOwnClient(db: DbOrTrx, clientId: string): Promise<TClientContact[]> {
  return (await listContacts(db, clientId)).map(present);
}

export async function contactOfOwnClient(
  db: DbOrTrx,
  clientId: string,
  id: string,
): Promise<TClientContact | undefined> {
  const row = await findContact(db, clientId, id);
  return row ? present(row) : undefined;
}
