import { DEFAULT_LOCALE } from '@lms/contracts/constants';
import { LOGIN_TYPES } from '@lms/contracts/roles';
import type { TImportRunBody } from '@lms/contracts/users';
import type { Insertable } from 'kysely';
import type { Trx, UsersTable } from '../../db/database';
import type { AppDeps } from '../../platform/deps';
import { newId, nowIso } from '../../platform/ids';
import { nextTurn } from '../../platform/turn-batch';
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

/**
 * One batch in one transaction: users, their groups, the activation mails of those without a password, and (`record`)
 * what the import has done so far, so that what is stored as done is exactly what was committed.
 */
async function createBatch(
  deps: AppDeps,
  tenant: ImportTenant,
  options: TImportRunBody,
  plans: Array<RowPlan & { ok: true }>,
  record: (trx: Trx) => Promise<void>,
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
    await record(trx);
  });
}

/** What an import had done when its run stopped: the rows up to `done`, committed with their report lines. */
export interface ImportDone {
  counts: ImportCounts;
  report: ReportEntry[];
}

/**
 * Runs an import: every row is checked again (the client may have changed since the preview), then the valid ones
 * are created in batches. Each batch commits with `record` (counts and report so far, in its transaction); a run
 * after an interrupted one (its process killed, issue 33) starts at the first row the last commit did not cover, so
 * every row is created once and the report names every row's outcome once.
 */
export async function runImport(
  deps: AppDeps,
  imp: ImportRow,
  actor: Actor,
  tenant: ImportTenant,
  options: TImportRunBody,
  before: ImportDone,
  record: (trx: Trx, done: ImportDone) => Promise<void>,
): Promise<ImportDone> {
  const scope = await resolveUserScope(deps, actor);
  const csv = parseCsv(imp.content);
  const ctx = await loadImportContext(
    deps.db,
    { actor, scope, minPasswordLength: tenant.minPasswordLength, runGroupIds: options.groupIds },
    loginsOfFile(csv, options.mapping),
  );
  const plans = planRows(ctx, csv, options.mapping);
  const report = [...before.report];
  const counts: ImportCounts = { ...before.counts, total: plans.length };
  for (let i = counts.done; i < plans.length; i += BATCH) {
    const batch = plans.slice(i, i + BATCH);
    const valid = batch.filter((p): p is RowPlan & { ok: true } => p.ok);
    const next = { ...counts };
    const lines: ReportEntry[] = [];
    for (const p of batch) {
      if (p.ok) {
        lines.push([p.candidate.row, 'created', null, null]);
        next.created += 1;
      } else {
        const skipped = SKIP_CODES.has(p.issue.code);
        lines.push([p.issue.row, skipped ? 'skipped' : 'failed', p.issue.code, p.issue.field]);
        if (skipped) next.skipped += 1;
        else next.failed += 1;
      }
    }
    next.done += batch.length;
    await createBatch(deps, tenant, options, valid, (trx) =>
      record(trx, { counts: { ...next }, report: [...report, ...lines] }),
    );
    report.push(...lines);
    Object.assign(counts, next);
    await nextTurn();
  }
  return { counts, report };
}
