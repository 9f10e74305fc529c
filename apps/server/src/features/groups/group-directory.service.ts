import type { DbOrTrx } from '../../db/database';
import { conflict } from '../../platform/errors';
import { nowIso } from '../../platform/ids';
import { sliceRows, type RowSlice } from '../../platform/paging';
import { afterMembershipChange } from './group-membership';
import { countGroupTrainings } from './group-usage';
import {
  addLinks,
  findGroupByName,
  normaliseGroupName,
  removeLinks,
  userIdsOfGroup,
  type GroupRow,
} from './group.repository';

/**
 * What a client's SCIM directory (features/scim) asks of the groups feature: its groups are externally managed, so
 * the app's screens cannot edit or select them (spec section 6), and their membership changes reach trainings
 * through the same afterMembershipChange as the app's own (DECISIONS "training").
 */
export type { GroupRow } from './group.repository';

export interface DirectoryGroupFilter {
  id?: string[];
  displayName?: string[];
  externalId?: string[];
  /** Groups with each of these users as a member (SCIM's `members[value eq "..."]`). */
  memberId?: string[];
}

const directoryGroups = (db: DbOrTrx, clientId: string, f: DirectoryGroupFilter) => {
  let q = db.selectFrom('groups').where('client_id', '=', clientId).where('is_externally_managed', '=', true);
  for (const v of f.id ?? []) q = q.where('id', '=', v);
  for (const v of f.displayName ?? []) q = q.where('name_normalized', '=', normaliseGroupName(v));
  for (const v of f.externalId ?? []) q = q.where('external_id', '=', v);
  for (const v of f.memberId ?? [])
    q = q.where('id', 'in', (eb) =>
      eb.selectFrom('group_members').select('group_id').where('client_id', '=', clientId).where('user_id', '=', v),
    );
  return q;
};

export const listDirectoryGroups = (
  db: DbOrTrx,
  clientId: string,
  filter: DirectoryGroupFilter,
  slice: RowSlice,
): Promise<{ total: number; rows: GroupRow[] }> =>
  sliceRows(directoryGroups(db, clientId, filter), slice, (q) => q.selectAll().orderBy('created_at').orderBy('id'));

export const findDirectoryGroup = (db: DbOrTrx, clientId: string, id: string): Promise<GroupRow | undefined> =>
  directoryGroups(db, clientId, { id: [id] })
    .selectAll()
    .executeTakeFirst();

/** Group names are unique per client in any case, app-made ones included. */
async function assertNameFree(db: DbOrTrx, clientId: string, name: string, exceptId?: string) {
  const other = await findGroupByName(db, clientId, name);
  if (other && other.id !== exceptId) conflict('group_name_taken');
}

export async function createDirectoryGroup(
  db: DbOrTrx,
  clientId: string,
  group: { id: string; name: string; externalId: string | null },
): Promise<void> {
  await assertNameFree(db, clientId, group.name);
  const now = nowIso();
  await db
    .insertInto('groups')
    .values({
      id: group.id,
      client_id: clientId,
      name: group.name,
      name_normalized: normaliseGroupName(group.name),
      is_externally_managed: true,
      external_id: group.externalId,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

export async function updateDirectoryGroup(
  db: DbOrTrx,
  current: GroupRow,
  change: { name: string; externalId: string | null },
): Promise<void> {
  if (normaliseGroupName(change.name) !== current.name_normalized)
    await assertNameFree(db, current.client_id, change.name, current.id);
  await db
    .updateTable('groups')
    .set({
      name: change.name,
      name_normalized: normaliseGroupName(change.name),
      external_id: change.externalId,
      updated_at: nowIso(),
    })
    .where('client_id', '=', current.client_id)
    .where('id', '=', current.id)
    .execute();
}

export const memberIdsOfDirectoryGroup = (db: DbOrTrx, clientId: string, groupId: string) =>
  userIdsOfGroup(db, clientId, groupId, 'group_members');

/** Adds and removes members in one go; trainings of the group follow in the same transaction. */
export async function changeDirectoryGroupMembers(
  db: DbOrTrx,
  clientId: string,
  groupId: string,
  change: { add: readonly string[]; remove: readonly string[] },
): Promise<void> {
  if (change.add.length === 0 && change.remove.length === 0) return;
  await addLinks(
    db,
    clientId,
    'group_members',
    change.add.map((userId) => ({ groupId, userId })),
  );
  await removeLinks(db, clientId, 'group_members', groupId, change.remove);
  await afterMembershipChange(db, clientId, [groupId], [...change.add, ...change.remove]);
}

/** A group a training uses cannot go (as in the app); its members leave first, so their trainings follow. */
export async function deleteDirectoryGroup(db: DbOrTrx, group: GroupRow): Promise<void> {
  const trainings = await countGroupTrainings(db, group.client_id, group.id);
  if (trainings > 0) conflict('group_in_use', { trainings });
  const members = await memberIdsOfDirectoryGroup(db, group.client_id, group.id);
  await changeDirectoryGroupMembers(db, group.client_id, group.id, { add: [], remove: members });
  await db.deleteFrom('groups').where('client_id', '=', group.client_id).where('id', '=', group.id).execute();
}

/** The externally managed groups a user belongs to, as a User resource lists them. */
export async function directoryGroupRefsOfUser(
  db: DbOrTrx,
  clientId: string,
  userId: string,
): Promise<Array<{ value: string; display: string }>> {
  const rows = await db
    .selectFrom('group_members as m')
    .innerJoin('groups as g', 'g.id', 'm.group_id')
    .select(['g.id', 'g.name'])
    .where('m.client_id', '=', clientId)
    .where('m.user_id', '=', userId)
    .where('g.is_externally_managed', '=', true)
    .orderBy('g.name')
    .execute();
  return rows.map((r) => ({ value: r.id, display: r.name }));
}
