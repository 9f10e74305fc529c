import type {
  TCompany,
  TCompanyPage,
  ZCompanyQuery,
  ZCreateCompanyBody,
  ZRenameCompanyBody,
} from '@lms/contracts/companies';
import type { z } from 'zod';
import type { DbOrTrx, Trx } from '../../db/database';
import type { AppDeps } from '../../platform/deps';
import { conflict, notFound } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import type { Actor } from '../../platform/session';
import { assertMayActOnClient } from '../clients';
import { companyKey } from './company-key';
import {
  countCompanyUsers,
  deleteCompany,
  findCompaniesByKeys,
  findCompanyById,
  findCompanyByKey,
  findCompanyClientId,
  insertCompanies,
  pageCompanies,
  renameCompany,
  type CompanyRow,
} from './company.repository';

/** PERMISSIONS.md "client administration: ... companies": RESELLER_COORDINATOR reads, the others write. */
const CAPABILITY = 'clients.administer';

const present = (r: CompanyRow, userCount: number): TCompany => ({
  id: r.id,
  clientId: r.client_id,
  name: r.name,
  userCount,
  createdAt: r.created_at,
});

export async function listCompaniesOfClient(
  deps: AppDeps,
  actor: Actor,
  query: z.output<typeof ZCompanyQuery>,
): Promise<TCompanyPage> {
  await assertMayActOnClient(deps.db, actor, CAPABILITY, query.clientId, 'read');
  const { rows, total } = await pageCompanies(deps.db, query.clientId, query);
  return {
    items: rows.map((r) => present(r, Number(r.user_count ?? 0))),
    total,
    totalCapped: false,
    page: query.page,
    pageSize: query.pageSize,
  };
}

async function assertNameFree(db: DbOrTrx, clientId: string, name: string, exceptId?: string): Promise<void> {
  const existing = await findCompanyByKey(db, clientId, companyKey(name));
  if (existing && existing.id !== exceptId) conflict('company_name_taken');
}

export async function createCompany(
  deps: AppDeps,
  actor: Actor,
  body: z.output<typeof ZCreateCompanyBody>,
): Promise<TCompany> {
  await assertMayActOnClient(deps.db, actor, CAPABILITY, body.clientId);
  return deps.db.transaction().execute(async (trx) => {
    await assertNameFree(trx, body.clientId, body.name);
    const id = newId();
    const row = { id, client_id: body.clientId, name: body.name, name_normalized: companyKey(body.name) };
    await insertCompanies(trx, [{ ...row, created_at: nowIso() }]);
    return present((await findCompanyById(trx, body.clientId, id)) ?? notFound('company'), 0);
  });
}

/** The route names only the company; its client decides the scope. A company outside the scope is not found. */
async function scopedClientOf(deps: AppDeps, actor: Actor, id: string): Promise<string> {
  const clientId = (await findCompanyClientId(deps.db, id)) ?? notFound('company');
  await assertMayActOnClient(deps.db, actor, CAPABILITY, clientId);
  return clientId;
}

export async function renameCompanyOfClient(
  deps: AppDeps,
  actor: Actor,
  id: string,
  body: z.output<typeof ZRenameCompanyBody>,
): Promise<TCompany> {
  const clientId = await scopedClientOf(deps, actor, id);
  return deps.db.transaction().execute(async (trx) => {
    await assertNameFree(trx, clientId, body.name, id);
    await renameCompany(trx, clientId, id, body.name);
    const row = (await findCompanyById(trx, clientId, id)) ?? notFound('company');
    return present(row, await countCompanyUsers(trx, clientId, id));
  });
}

/**
 * A company that users still name is not deleted (409 company_in_use with their number), as a group with members
 * is not (spec section 5): silently emptying the company field of many user records would lose data that HR
 * exports and filters rely on. The admin moves those users first (the user list filters by company).
 */
export async function removeCompany(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  const clientId = await scopedClientOf(deps, actor, id);
  await deps.db.transaction().execute(async (trx) => {
    const users = await countCompanyUsers(trx, clientId, id);
    if (users > 0) conflict('company_in_use', { users });
    if (!(await deleteCompany(trx, clientId, id))) notFound('company');
  });
}

/**
 * For the CSV import, inside its transaction: the ids of the named companies by their key, creating those the
 * client does not have yet (issue "Clients", point 4: "A CSV import that names an unknown company creates it").
 */
export async function ensureCompanies(
  trx: Trx,
  clientId: string,
  names: readonly string[],
): Promise<Map<string, string>> {
  const wanted = new Map<string, string>();
  for (const name of names) {
    const trimmed = name.trim();
    if (trimmed && !wanted.has(companyKey(trimmed))) wanted.set(companyKey(trimmed), trimmed);
  }
  const known = new Map(
    (await findCompaniesByKeys(trx, clientId, [...wanted.keys()])).map((c) => [c.name_normalized, c.id]),
  );
  const now = nowIso();
  const missing = [...wanted].filter(([key]) => !known.has(key));
  const rows = missing.map(([key, name]) => ({
    id: newId(),
    client_id: clientId,
    name,
    name_normalized: key,
    created_at: now,
  }));
  await insertCompanies(trx, rows);
  for (const r of rows) known.set(r.name_normalized, r.id);
  return known;
}
