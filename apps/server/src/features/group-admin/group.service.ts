import { audit, auditWhoOf } from '../../platform/audit/audit-actor';
import type {
  TGroup,
  TGroupBody,
  TGroupDetail,
  TGroupListQuery,
  TGroupPage,
  TGroupUpdateBody,
} from '@lms/contracts/groups';
import type { DbOrTrx } from '../../db/database';
import type { AppDeps } from '../../platform/deps';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import type { Actor } from '../../platform/session';
import { findSelectedUsers, assertNotExternal, assertNotHigherRank, resolveUserScope, type UserScope } from '../users';
import { listGroupPage, peopleOfGroups, presentGroups } from './group-list';
import {
  afterMembershipChange,
  countGroupTrainings,
  addLinks,
  findGroupById,
  lockGroupForChange,
  findGroupByName,
  normaliseGroupName,
  removeLinks,
  userIdsOfGroup,
  type GroupLink,
  type GroupRow,
} from '../groups';

export async function listGroups(deps: AppDeps, actor: Actor, query: TGroupListQuery): Promise<TGroupPage> {
  const scope = await resolveUserScope(deps, actor);
  const { rows, total } = await listGroupPage(deps.db, actor.clientId, scope.groupIds, query);
  return {
    items: await presentGroups(deps.db, actor.clientId, rows, actor.locale),
    total,
    totalCapped: false,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** A group the actor may see: a coordinator sees only the groups they coordinate; anything else is 404. */
async function findVisibleGroup(db: DbOrTrx, scope: UserScope, id: string): Promise<GroupRow> {
  return visibleOr404(scope, id, await findGroupById(db, scope.clientId, id));
}

/** The group to change, locked for the rest of the transaction (lockGroupForChange). */
async function lockVisibleGroup(deps: AppDeps, trx: DbOrTrx, scope: UserScope, id: string): Promise<GroupRow> {
  return visibleOr404(scope, id, await lockGroupForChange(trx, deps.dialect, scope.clientId, id));
}

function visibleOr404(scope: UserScope, id: string, group: GroupRow | undefined): GroupRow {
  if (!group || (scope.groupIds !== null && !scope.groupIds.includes(id))) return notFound('group');
  return group;
}

export async function getGroup(deps: AppDeps, actor: Actor, id: string): Promise<TGroupDetail> {
  const scope = await resolveUserScope(deps, actor);
  const group = await findVisibleGroup(deps.db, scope, id);
  return detailOf(deps.db, actor, group);
}

async function detailOf(db: DbOrTrx, actor: Actor, group: GroupRow): Promise<TGroupDetail> {
  const [presented] = await presentGroups(db, actor.clientId, [group], actor.locale);
  const members = await peopleOfGroups(db, actor.clientId, [group.id], 'group_members');
  return { ...(presented as TGroup), members: members.get(group.id) ?? [] };
}

async function assertNameFree(db: DbOrTrx, clientId: string, name: string, exceptId?: string) {
  const existing = await findGroupByName(db, clientId, name);
  if (existing && existing.id !== exceptId) conflict('group_name_taken');
}

/**
 * Replaces one list of a group (members or coordinators). The users added or removed must be in the actor's scope
 * and not of higher rank, and no externally managed user joins or leaves the members (PERMISSIONS.md); a
 * coordinator may not take themselves off a group they coordinate (spec section 5).
 */
async function replaceLinks(
  db: DbOrTrx,
  actor: Actor,
  scope: UserScope,
  group: GroupRow,
  link: GroupLink,
  wanted: readonly string[],
): Promise<void> {
  const current = new Set(await userIdsOfGroup(db, actor.clientId, group.id, link));
  const want = new Set(wanted);
  const add = [...want].filter((id) => !current.has(id));
  const remove = [...current].filter((id) => !want.has(id));
  if (add.length + remove.length === 0) return;
  const coordinates = scope.groupIds?.includes(group.id) ?? false;
  if (coordinates && remove.includes(actor.userId)) badRequest('group_coordinator_leave');
  // Coordinators (the people, not the list) are chosen from the whole client by those who may see it.
  const pickScope = link === 'group_coordinators' ? { ...scope, groupIds: null } : scope;
  const changed = await findSelectedUsers(db, pickScope, [...add, ...remove]);
  assertNotHigherRank(actor, changed);
  // Their directory owns the memberships of externally managed users; ones kept as they are are not in `changed`.
  if (link === 'group_members') assertNotExternal(changed);
  await addLinks(
    db,
    actor.clientId,
    link,
    add.map((userId) => ({ groupId: group.id, userId })),
  );
  await removeLinks(db, actor.clientId, link, group.id, remove);
  if (link === 'group_members') await afterMembershipChange(db, actor.clientId, [group.id], [...add, ...remove]);
  // One entry per user who joined or left the list (coordinating a group is a right, so that list counts too).
  const who = auditWhoOf(actor);
  const list = link === 'group_members' ? 'members' : 'coordinators';
  for (const [userId, added] of [...add.map((u) => [u, true] as const), ...remove.map((u) => [u, false] as const)])
    await audit(db, who, actor.clientId, 'group.membership-changed', {
      object: { type: 'user', id: userId },
      subjectUserId: userId,
      detail: { list, added: added ? [group.id] : [], removed: added ? [] : [group.id] },
    });
}

/** A coordinator's new group is theirs to coordinate, or they could not see it afterwards. */
export async function createGroup(deps: AppDeps, actor: Actor, body: TGroupBody): Promise<TGroupDetail> {
  const scope = await resolveUserScope(deps, actor);
  const id = newId();
  await deps.db.transaction().execute(async (trx) => {
    await assertNameFree(trx, actor.clientId, body.name);
    const now = nowIso();
    const group: GroupRow = {
      id,
      client_id: actor.clientId,
      name: body.name,
      name_normalized: normaliseGroupName(body.name),
      is_externally_managed: false,
      external_id: null,
      created_at: now,
      updated_at: now,
    };
    await trx.insertInto('groups').values(group).execute();
    const coordinators = new Set(body.coordinatorIds ?? []);
    if (scope.groupIds !== null) coordinators.add(actor.userId);
    await replaceLinks(trx, actor, scope, group, 'group_coordinators', [...coordinators]);
    const memberScope = scope.groupIds !== null ? { ...scope, groupIds: [...scope.groupIds, id] } : scope;
    await replaceLinks(trx, actor, memberScope, group, 'group_members', body.memberIds ?? []);
  });
  return getGroup(deps, actor, id);
}

export async function updateGroup(
  deps: AppDeps,
  actor: Actor,
  id: string,
  body: TGroupUpdateBody,
): Promise<TGroupDetail> {
  const scope = await resolveUserScope(deps, actor);
  await deps.db.transaction().execute(async (trx) => {
    const group = await lockVisibleGroup(deps, trx, scope, id);
    if (group.is_externally_managed) badRequest('externally_managed');
    if (body.name !== undefined && body.name !== group.name) {
      await assertNameFree(trx, actor.clientId, body.name, id);
      await trx
        .updateTable('groups')
        .set({ name: body.name, name_normalized: normaliseGroupName(body.name), updated_at: nowIso() })
        .where('client_id', '=', actor.clientId)
        .where('id', '=', id)
        .execute();
    }
    if (body.coordinatorIds) {
      // Who coordinates a group is decided by those who see the whole client (PERMISSIONS.md "Scopes").
      const current = await userIdsOfGroup(trx, actor.clientId, id, 'group_coordinators');
      const same =
        current.length === new Set(body.coordinatorIds).size && current.every((u) => body.coordinatorIds?.includes(u));
      if (!same && scope.groupIds !== null) {
        if (!body.coordinatorIds.includes(actor.userId)) badRequest('group_coordinator_leave');
        forbidden();
      }
      await replaceLinks(trx, actor, scope, group, 'group_coordinators', body.coordinatorIds);
    }
    if (body.memberIds) await replaceLinks(trx, actor, scope, group, 'group_members', body.memberIds);
  });
  return getGroup(deps, actor, id);
}

/** A group with users or trainings cannot be deleted (spec section 5); a coordinator cannot delete their own. */
export async function deleteGroup(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  const scope = await resolveUserScope(deps, actor);
  await deps.db.transaction().execute(async (trx) => {
    const group = await lockVisibleGroup(deps, trx, scope, id);
    if (group.is_externally_managed) badRequest('externally_managed');
    if (scope.groupIds !== null) badRequest('group_coordinator_leave');
    const members = await userIdsOfGroup(trx, actor.clientId, id, 'group_members');
    const trainings = await countGroupTrainings(trx, actor.clientId, id);
    if (members.length > 0 || trainings > 0) conflict('group_in_use', { members: members.length, trainings });
    await trx.deleteFrom('groups').where('client_id', '=', actor.clientId).where('id', '=', id).execute();
  });
}
