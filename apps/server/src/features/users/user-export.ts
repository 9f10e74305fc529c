import { USER_CSV_FIELDS, type TUser, type TUserCsvField, type TUserFilter } from '@lms/contracts/users';
import type { AppDeps } from '../../platform/deps';
import type { Actor } from '../../platform/session';
import { toCsv } from '../../platform/csv-write';
import { findSelectedUsers } from './user-find';
import { listUserIdsOfFilter } from './user-list';
import { presentUserRows } from './user-present';
import { resolveUserScope } from './user-scope';

/** Passwords are never exported; every other column reads back in through the import. */
export const EXPORT_FIELDS = USER_CSV_FIELDS.filter((f) => f !== 'password');

/** Groups in one cell, joined with `|` (the import splits on it). */
export const GROUP_SEPARATOR = '|';

const cellOf = (u: TUser, field: Exclude<TUserCsvField, 'password'>): string | boolean | null => {
  switch (field) {
    case 'company':
      return u.companyName;
    case 'groups':
      return u.groups.map((g) => g.name).join(GROUP_SEPARATOR);
    case 'lastLogin':
      return u.lastLoginAt;
    default:
      return u[field];
  }
};

export async function exportUsersCsv(deps: AppDeps, actor: Actor, ids: readonly string[]): Promise<string> {
  const scope = await resolveUserScope(deps, actor);
  const rows = await findSelectedUsers(deps.db, scope, ids);
  const users: TUser[] = [];
  for (let i = 0; i < rows.length; i += 1_000) {
    users.push(...(await presentUserRows(deps.db, actor.clientId, rows.slice(i, i + 1_000))));
  }
  const order = new Map(ids.map((id, i) => [id, i]));
  users.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  return toCsv(
    EXPORT_FIELDS,
    users.map((u) => EXPORT_FIELDS.map((f) => cellOf(u, f))),
  );
}

/** Export of the current search (all pages), in list order. */
export async function exportSearchCsv(deps: AppDeps, actor: Actor, filter: TUserFilter): Promise<string> {
  const scope = await resolveUserScope(deps, actor);
  const ids = await listUserIdsOfFilter(deps.db, scope, filter);
  return exportUsersCsv(deps, actor, ids);
}
