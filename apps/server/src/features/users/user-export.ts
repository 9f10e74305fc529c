import { USER_CSV_FIELDS, type TUser, type TUserCsvField, type TUserFilter } from '@lms/contracts/users';
import type { DbOrTrx } from '../../db/database';
import type { AppDeps } from '../../platform/deps';
import type { Actor } from '../../platform/session';
import { type ColumnType, type TableColumn, type TableExport } from '../../platform/table-export';
import { findSelectedUsers } from './user-find';
import { userFilterWhere } from './user-list';
import { presentUserRows } from './user-present';
import { resolveUserScope, type UserScope } from './user-scope';
import type { UserRow } from './user.repository';

/** Passwords are never exported; every other column reads back in through the import. */
export const EXPORT_FIELDS = USER_CSV_FIELDS.filter((f) => f !== 'password');
type ExportField = (typeof EXPORT_FIELDS)[number];

/** Groups in one cell, joined with `|` (the import splits on it). */
export const GROUP_SEPARATOR = '|';

/** Rows read and presented at a time: what the export holds in memory, whatever the number of users. */
export const EXPORT_PAGE_SIZE = 1_000;

const cellOf = (u: TUser, field: ExportField): string | boolean | null => {
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

const TYPES: Partial<Record<TUserCsvField, ColumnType>> = {
  birthday: 'date',
  hiredSince: 'date',
  activeFrom: 'date',
  activeTo: 'date',
  lastLogin: 'datetime',
  active: 'boolean',
};

/** The columns are the import's keys, so an exported file reads back in (DECISIONS "CSV"). */
const USER_COLUMNS: ReadonlyArray<TableColumn<TUser>> = EXPORT_FIELDS.map((f) => ({
  header: f,
  type: TYPES[f] ?? 'text',
  value: (u: TUser) => cellOf(u, f),
}));

const userTable = (actor: Actor, rows: AsyncIterable<readonly TUser[]>): TableExport<TUser> => ({
  columns: USER_COLUMNS,
  rows,
  sheetName: 'Users',
  locale: actor.locale,
  // The import reads true and false in every language.
  booleans: ['true', 'false'],
});

/** An array of pages as the async source presented() reads. */
async function* toAsync<T>(items: readonly T[]): AsyncGenerator<T> {
  yield* await Promise.resolve(items);
}

async function* presented(db: DbOrTrx, clientId: string, pages: AsyncIterable<UserRow[]>) {
  for await (const page of pages) yield await presentUserRows(db, clientId, page);
}

/** The selected users (a bulk action's ids, checked in scope before the first byte), in the order given. */
export async function exportSelectedUsers(deps: AppDeps, actor: Actor, ids: readonly string[]) {
  const scope = await resolveUserScope(deps, actor);
  const found = await findSelectedUsers(deps.db, scope, ids);
  const order = new Map(ids.map((id, i) => [id, i]));
  found.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  const pages: UserRow[][] = [];
  for (let i = 0; i < found.length; i += EXPORT_PAGE_SIZE) pages.push(found.slice(i, i + EXPORT_PAGE_SIZE));
  return userTable(actor, presented(deps.db, actor.clientId, toAsync(pages)));
}

/**
 * Every user the search finds, in list order (name, then id), read a page at a time from the sort index by keyset:
 * no cap, and memory holds one page whatever the number (100,000 users: bench scenario export-xlsx).
 */
export async function exportSearchUsers(deps: AppDeps, actor: Actor, filter: TUserFilter) {
  const scope = await resolveUserScope(deps, actor);
  return userTable(actor, presented(deps.db, actor.clientId, userPagesOfFilter(deps.db, scope, filter)));
}

/**
 * The keyset pages of a search: rows whose sort key is not computed yet (null until repaired) first, by id, then the
 * rest by (sort_name, id), each page from where the last ended.
 */
async function* userPagesOfFilter(db: DbOrTrx, scope: UserScope, filter: TUserFilter): AsyncGenerator<UserRow[]> {
  const where = await userFilterWhere(db, scope, filter);
  const base = () => db.selectFrom('users as u').selectAll('u').where(where);
  let lastId: string | undefined;
  for (;;) {
    let q = base().where('u.sort_name', 'is', null);
    if (lastId) q = q.where('u.id', '>', lastId);
    const page = await q.orderBy('u.id').limit(EXPORT_PAGE_SIZE).execute();
    if (page.length > 0) yield page;
    if (page.length < EXPORT_PAGE_SIZE) break;
    lastId = page[page.length - 1]!.id;
  }
  let last: { name: string; id: string } | undefined;
  for (;;) {
    let q = base().where('u.sort_name', 'is not', null);
    if (last) {
      const { name, id } = last;
      q = q.where((eb) =>
        eb.or([eb('u.sort_name', '>', name), eb.and([eb('u.sort_name', '=', name), eb('u.id', '>', id)])]),
      );
    }
    const page = await q.orderBy('u.sort_name').orderBy('u.id').limit(EXPORT_PAGE_SIZE).execute();
    if (page.length > 0) yield page;
    if (page.length < EXPORT_PAGE_SIZE) return;
    const end = page[page.length - 1]!;
    last = { name: end.sort_name ?? '', id: end.id };
  }
}
