import type { DbOrTrx } from '../../db/database';
import { badRequest, notFound } from '../../platform/errors';
import { publish } from '../../platform/events';
import {
  addLinks,
  findGroupById,
  findGroupsByIds,
  groupIdsOfUser,
  groupRefsOfUsers,
  removeLinks,
  userIdsOfGroup,
  type GroupRow,
} from './group.repository';
import { groupIdsOfMembers } from './group-training-refs';

/**
 * What the users feature asks of groups: memberships of users, and membership changes under the rules of
 * PERMISSIONS.md (externally managed groups are not selectable; a coordinator acts only in the groups they
 * coordinate and cannot unselect or leave one of them).
 */
export interface MembershipActor {
  clientId: string;
  actorId: string;
  /** null: may use every group of the client; otherwise only these (coordinated) groups. */
  groupIds: string[] | null;
}

export const membershipsOfUsers = async (db: DbOrTrx, clientId: string, userIds: readonly string[]) => ({
  groups: await groupRefsOfUsers(db, clientId, userIds, 'group_members'),
  coordinated: await groupRefsOfUsers(db, clientId, userIds, 'group_coordinators'),
});

export const groupIdsOfMember = (db: DbOrTrx, clientId: string, userId: string) =>
  groupIdsOfUser(db, clientId, userId, 'group_members');

/** Which of these users are members of the group. */
export const membersAmong = (db: DbOrTrx, clientId: string, groupId: string, userIds: readonly string[]) =>
  userIdsOfGroup(db, clientId, groupId, 'group_members', userIds);

/** The groups of the client among these ids (issue 14: the groups a system message is addressed to). */
export const groupsOfClient = (db: DbOrTrx, clientId: string, ids: readonly string[]) =>
  findGroupsByIds(db, clientId, ids);

const mayUse = (actor: MembershipActor, groupId: string) => actor.groupIds === null || actor.groupIds.includes(groupId);

/** A group the actor may put users into or take them out of; anything else is not found or refused. */
export async function usableGroup(db: DbOrTrx, actor: MembershipActor, groupId: string): Promise<GroupRow> {
  const group = await findGroupById(db, actor.clientId, groupId);
  if (!group || !mayUse(actor, group.id)) return notFound('group');
  if (group.is_externally_managed) badRequest('externally_managed', { groupId });
  return group;
}

/** Checks the wanted groups of a new user and answers the ids to link. */
export async function checkNewUserGroups(
  db: DbOrTrx,
  actor: MembershipActor,
  wanted: readonly string[],
): Promise<string[]> {
  const ids = [...new Set(wanted)];
  for (const id of ids) await usableGroup(db, actor, id);
  return ids;
}

/**
 * Works out the change from a user's current groups to the wanted ones. Groups the actor may not use keep their
 * membership as it is: a coordinator's form shows only their own groups, so leaving one out does not mean "remove".
 */
export async function planGroupChange(
  db: DbOrTrx,
  actor: MembershipActor,
  userId: string,
  wanted: readonly string[],
): Promise<{ add: string[]; remove: string[] }> {
  const current = new Set(await groupIdsOfMember(db, actor.clientId, userId));
  const want = new Set(wanted);
  const add = [...want].filter((id) => !current.has(id));
  const remove = [...current].filter((id) => !want.has(id) && mayUse(actor, id));
  const touched = await findGroupsByIds(db, actor.clientId, [...add, ...remove]);
  for (const id of add) {
    const group = touched.find((g) => g.id === id);
    if (!group || !mayUse(actor, id)) notFound('group');
  }
  if (touched.some((g) => g.is_externally_managed)) badRequest('externally_managed');
  if (actor.groupIds !== null && userId === actor.actorId && remove.some((id) => actor.groupIds?.includes(id)))
    badRequest('group_coordinator_leave');
  return { add, remove };
}

/**
 * Trainings follow their groups' members (DECISIONS "training"): whoever joins an assigned group becomes a
 * participant, whoever leaves stops being one. Every membership change of this feature ends here, in its transaction.
 */
export async function afterMembershipChange(
  db: DbOrTrx,
  clientId: string,
  groupIds: readonly string[],
  userIds: readonly string[],
): Promise<void> {
  await publish('groups.membership-changed', {
    trx: db,
    clientId,
    groupIds,
    userIds,
    groupsOfUsers: (ids) => groupIdsOfMembers(db, clientId, ids),
  });
}

export async function applyGroupChange(
  db: DbOrTrx,
  clientId: string,
  userId: string,
  change: { add: readonly string[]; remove: readonly string[] },
): Promise<void> {
  await addLinks(
    db,
    clientId,
    'group_members',
    change.add.map((groupId) => ({ groupId, userId })),
  );
  for (const groupId of change.remove) await removeLinks(db, clientId, 'group_members', groupId, [userId]);
  await afterMembershipChange(db, clientId, [...change.add, ...change.remove], [userId]);
}

export async function addUsersToGroup(db: DbOrTrx, clientId: string, groupId: string, userIds: readonly string[]) {
  await addLinks(
    db,
    clientId,
    'group_members',
    userIds.map((userId) => ({ groupId, userId })),
  );
  await afterMembershipChange(db, clientId, [groupId], userIds);
}

/** Bulk "remove from group": a coordinator may not take themselves out of a group they coordinate. */
export async function removeUsersFromGroup(
  db: DbOrTrx,
  actor: MembershipActor,
  groupId: string,
  userIds: readonly string[],
): Promise<void> {
  if (actor.groupIds !== null && actor.groupIds.includes(groupId) && userIds.includes(actor.actorId))
    badRequest('group_coordinator_leave');
  await removeLinks(db, actor.clientId, 'group_members', groupId, userIds);
  await afterMembershipChange(db, actor.clientId, [groupId], userIds);
}
