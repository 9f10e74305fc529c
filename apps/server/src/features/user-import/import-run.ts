import { DEFAULT_LOCALE } from '@lms/contracts/constants';
import { LOGIN_TYPES } from '@lms/contracts/roles';
import type { TImportRunBody } from '@lms/contracts/users';
import type { Insertable } from 'kysely';
import type { UsersTable } from '../../db/database';
import type { AppDeps } from '../../platform/deps';
import { newId, nowIso } from '../../platform/ids';
import { hashPassword } from '../../platform/passwords';
import type { Actor } from '../../platform/session';
import type { Tenant } from '../../platform/tenant';
import { sendActivationMails } from '../account';
import { addUsersToGroup } from '../groups';
import { resolveUserScope, insertUsers } from '../users';
import { companyKey, ensureCompanies } from '../companies';
import { parseCsv } from './csv';
import { planRows } from './import-analysis';
import { loadImportContext, loginsOfFile, SKIP_CODES, type RowPlan } from './import-check';
import type { ImportCandidate } from './import-rows';
import type { ImportRow, ReportEntry } from './user-import.repository';

const BATCH = 500;

export type ImportTenant = Pick<Tenant, 'id' | 'name' | 'supportEmail' | 'platformDomain' | 'minPasswordLength'>;
export interface ImportCounts {
  total: number;
  done: number;
  created: number;
  skipped: number;
  failed: number;
}

/** Password columns of an imported row: a hash is kept; plaintext is hashed and must be changed at first login. */
async function passwordColumns(c: ImportCandidate): Promise<Partial<Insertable<UsersTable>>> {
  if (!c.password) return {};
  if (c.password.kind === 'hash') return { password_hash: c.password.value, password_updated_at: nowIso() };
  const hash = await hashPassword(c.password.value);
  return { password_hash: hash, initial_password_hash: hash, is_password_change_required: true };
}

async function userRow(
  clientId: string,
  c: ImportCandidate,
  companyId: string | null,
): Promise<Insertable<UsersTable>> {
  const now = nowIso();
  return {
    id: newId(),
    client_id: clientId,
    email: c.email,
    email_normalized: c.email,
    username: c.username,
    username_normalized: c.username?.toLowerCase() ?? null,
    first_name: c.firstName,
    last_name: c.lastName,
    personell_number: c.personnelNumber,
    role: c.role ?? 'PARTICIPANT',
    locale: c.locale ?? DEFAULT_LOCALE,
    company_id: companyId,
    gender: c.gender,
    birthday: c.birthday,
    street: c.street,
    city: c.city,
    hired_since: c.hiredSince,
    is_active: c.active ?? true,
    active_from: c.activeFrom,
    active_to: c.activeTo,
    login_type: c.email ? LOGIN_TYPES.EMAIL : LOGIN_TYPES.USER_NAME,
    is_password_change_required: false,
    is_welcome_dialog_seen: false,
    created_at: now,
    updated_at: now,
    ...(await passwordColumns(c)),
  };
}

/** One batch in one transaction: users, their groups, and the activation mails of those without a password. */
async function createBatch(
  deps: AppDeps,
  tenant: ImportTenant,
  options: TImportRunBody,
  plans: Array<RowPlan & { ok: true }>,
): Promise<void> {
  const rows = await Promise.all(
    plans.map(async (p) => ({ plan: p, row: await userRow(tenant.id, p.candidate, null) })),
  );
  await deps.db.transaction().execute(async (trx) => {
    // Names the client does not know yet become its companies, in this batch's transaction.
    const companies = await ensureCompanies(
      trx,
      tenant.id,
      plans.flatMap((p) => (p.candidate.company ? [p.candidate.company] : [])),
    );
    for (const r of rows)
      r.row.company_id = r.plan.candidate.company
        ? (companies.get(companyKey(r.plan.candidate.company)) ?? null)
        : null;
    await insertUsers(
      trx,
      rows.map((r) => r.row),
    );
    const byGroup = new Map<string, string[]>();
    for (const r of rows) for (const g of r.plan.groupIds) byGroup.set(g, [...(byGroup.get(g) ?? []), r.row.id]);
    for (const [groupId, userIds] of byGroup) await addUsersToGroup(trx, tenant.id, groupId, userIds);
    if (options.sendActivationMail) {
      const invite = rows.filter((r) => !r.plan.candidate.password && r.row.email);
      await sendActivationMails(
        trx,
        deps.config,
        tenant,
        invite.map((r) => ({
          id: r.row.id,
          email: r.row.email ?? null,
          first_name: r.row.first_name,
          last_name: r.row.last_name,
          locale: r.row.locale,
        })),
      );
    }
  });
}

/**
 * Runs an import: every row is checked again (the client may have changed since the preview), then the valid ones
 * are created in batches. Progress is reported after each batch; the report names every row's outcome.
 */
export async function runImport(
  deps: AppDeps,
  imp: ImportRow,
  actor: Actor,
  tenant: ImportTenant,
  options: TImportRunBody,
  onProgress: (counts: ImportCounts) => Promise<void>,
): Promise<{ counts: ImportCounts; report: ReportEntry[] }> {
  const scope = await resolveUserScope(deps, actor);
  const csv = parseCsv(imp.content);
  const ctx = await loadImportContext(
    deps.db,
    { actor, scope, minPasswordLength: tenant.minPasswordLength, runGroupIds: options.groupIds },
    loginsOfFile(csv, options.mapping),
  );
  const plans = planRows(ctx, csv, options.mapping);
  const report: ReportEntry[] = [];
  const counts: ImportCounts = { total: plans.length, done: 0, created: 0, skipped: 0, failed: 0 };
  for (let i = 0; i < plans.length; i += BATCH) {
    const batch = plans.slice(i, i + BATCH);
    const valid = batch.filter((p): p is RowPlan & { ok: true } => p.ok);
    await createBatch(deps, tenant, options, valid);
    for (const p of batch) {
      if (p.ok) {
        report.push([p.candidate.row, 'created', null, null]);
        counts.created += 1;
      } else {
        const skipped = SKIP_CODES.has(p.issue.code);
        report.push([p.issue.row, skipped ? 'skipped' : 'failed', p.issue.code, p.issue.field]);
        if (skipped) counts.skipped += 1;
        else counts.failed += 1;
      }
    }
    counts.done += batch.length;
    await onProgress({ ...counts });
  }
  return { counts, report };
}
