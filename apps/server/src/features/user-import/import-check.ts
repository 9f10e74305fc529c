import { checkPasswordRules } from '@lms/contracts/password-rules';
import type { TImportIssue, TImportIssueCode, TUserCsvField } from '@lms/contracts/users';
import type { ParsedCsv } from './csv';
import type { DbOrTrx } from '../../db/database';
import { isCommonPassword } from '../../platform/common-passwords';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/session';
import { assertRoleChange, foldText, type UserScope } from '../users';
import type { ImportCandidate } from './import-rows';
import { chunks } from '../../db/chunks';

/** Everything a row is checked against, loaded once per preview or run (sets, not a query per row). */
export interface ImportContext {
  actor: Actor;
  scope: UserScope;
  minPasswordLength: number;
  /** The file's normalised e-mails and usernames that the client already has: one login field holds both. */
  logins: Set<string>;
  groups: Map<string, { id: string; external: boolean }>;
  /** Groups every imported user joins (checked before the run). */
  runGroupIds: string[];
}

/**
 * The logins of the file (its e-mail and username cells, normalised as the rows are read) that the client already
 * has. Only the file's logins are looked up, by the client's e-mail and username indexes, so memory and time follow
 * the file, not the number of users the client has (issue 15; loading all 100,000 users' logins was the import's
 * largest memory peak).
 */
async function takenLogins(db: DbOrTrx, clientId: string, fileLogins: readonly string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const chunk of chunks(fileLogins)) {
    // Two index lookups, not one OR: SQLite would read every user of the client for the OR (see findUserByLogin).
    const rows = await db
      .selectFrom('users')
      .select('email_normalized as login')
      .where('client_id', '=', clientId)
      .where('email_normalized', 'in', chunk)
      .unionAll((eb) =>
        eb
          .selectFrom('users')
          .select('username_normalized as login')
          .where('client_id', '=', clientId)
          .where('username_normalized', 'in', chunk),
      )
      .execute();
    for (const r of rows) if (r.login) taken.add(r.login);
  }
  return taken;
}

/** The e-mail and username cells of a file as its rows are checked against them (trimmed, lower case), once each. */
export function loginsOfFile(csv: ParsedCsv, mapping: readonly (TUserCsvField | null)[]): string[] {
  const columns = [mapping.indexOf('email'), mapping.indexOf('username')].filter((i) => i >= 0);
  const logins = new Set<string>();
  for (const cells of csv.rows)
    for (const i of columns) {
      const login = (cells[i] ?? '').trim().toLowerCase();
      if (login) logins.add(login);
    }
  return [...logins];
}

export async function loadImportContext(
  db: DbOrTrx,
  base: Omit<ImportContext, 'logins' | 'groups'>,
  fileLogins: readonly string[],
): Promise<ImportContext> {
  const clientId = base.scope.clientId;
  const [logins, groups] = await Promise.all([
    takenLogins(db, clientId, fileLogins),
    db.selectFrom('groups').select(['id', 'name', 'is_externally_managed']).where('client_id', '=', clientId).execute(),
  ]);
  return {
    ...base,
    logins,
    groups: new Map(groups.map((g) => [foldText(g.name.trim()), { id: g.id, external: g.is_externally_managed }])),
  };
}

/** Rows that only repeat someone are skipped; all other issues make the row fail. */
export const SKIP_CODES: ReadonlySet<TImportIssueCode> = new Set([
  'email_taken',
  'username_taken',
  'duplicate_in_file',
]);

export type RowPlan = { ok: true; candidate: ImportCandidate; groupIds: string[] } | { ok: false; issue: TImportIssue };

function roleAllowed(actor: Actor, c: ImportCandidate): boolean {
  try {
    assertRoleChange(actor, null, c.role ?? 'PARTICIPANT');
    return true;
  } catch (err) {
    if (err instanceof AppError) return false;
    throw err;
  }
}

/**
 * Checks a readable row against the client: duplicates (DECISIONS "CSV": users whose e-mail or username exists are
 * skipped), role rules, groups, password rules. `seen` collects the logins of earlier rows of the same file.
 */
export function planRow(ctx: ImportContext, c: ImportCandidate, seen: Set<string>): RowPlan {
  const fail = (field: TImportIssue['field'], code: TImportIssueCode): RowPlan => ({
    ok: false,
    issue: { row: c.row, field, code },
  });
  const username = c.username?.toLowerCase() ?? null;
  if (c.email && ctx.logins.has(c.email)) return fail('email', 'email_taken');
  if (username && ctx.logins.has(username)) return fail('username', 'username_taken');
  if ((c.email && seen.has(c.email)) || (username && seen.has(username)))
    return fail(c.email && seen.has(c.email) ? 'email' : 'username', 'duplicate_in_file');
  if (c.email) seen.add(c.email);
  if (username) seen.add(username);

  if (!roleAllowed(ctx.actor, c)) return fail('role', 'role_not_allowed');
  const groupIds = new Set(ctx.runGroupIds);
  for (const name of c.groups) {
    const group = ctx.groups.get(foldText(name));
    if (!group) return fail('groups', 'group_unknown');
    const outside = ctx.scope.groupIds !== null && !ctx.scope.groupIds.includes(group.id);
    if (group.external || outside) return fail('groups', 'group_not_allowed');
    groupIds.add(group.id);
  }
  if (ctx.scope.groupIds !== null && groupIds.size === 0) return fail('groups', 'group_required');
  if (c.password?.kind === 'plain') {
    const identities = [c.email, c.username];
    if (checkPasswordRules(c.password.value, { minLength: ctx.minPasswordLength, identities }))
      return fail('password', 'password_rule');
    if (isCommonPassword(c.password.value)) return fail('password', 'password_rule');
  }
  return { ok: true, candidate: c, groupIds: [...groupIds] };
}
