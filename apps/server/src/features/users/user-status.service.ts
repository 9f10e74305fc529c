import type { TUser } from '@lms/contracts/users';
import { audit, auditWhoOf } from '../../platform/audit/audit-actor';
import type { AppDeps } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import type { Actor } from '../../platform/session';
import { recordDeletedUsers } from '../clients';
import { findSelectedUsers } from './user-find';
import { presentUserRows } from './user-present';
import { assertNotExternal, assertNotHigherRank, assertNotOwnStatus, assertNotSelfDelete } from './user-rules';
import { resolveUserScope } from './user-scope';
import { deleteUsersByIds, endSessionsOfUsers, findUsersByIds, setUsersActive } from './user.repository';

/**
 * Deletes the selected users in one transaction: none is deleted when one id is unknown or foreign, is the actor,
 * ranks higher, or is externally managed (spec sections 5 and 6). Sessions go with the rows (foreign key cascade).
 */
export async function deleteUsers(deps: AppDeps, actor: Actor, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) badRequest('no_users_selected');
  const scope = await resolveUserScope(deps, actor);
  return deps.db.transaction().execute(async (trx) => {
    const users = await findSelectedUsers(trx, scope, ids);
    assertNotSelfDelete(actor, ids);
    assertNotHigherRank(actor, users);
    assertNotExternal(users);
    const deleted = await deleteUsersByIds(
      trx,
      actor.clientId,
      users.map((u) => u.id),
    );
    await recordDeletedUsers(trx, actor.clientId, deleted);
    // One entry per deleted user (a bulk action is many actions, each on its own object).
    const who = auditWhoOf(actor);
    for (const u of users)
      await audit(trx, who, actor.clientId, 'user.deleted', {
        object: { type: 'user', id: u.id },
        subjectUserId: u.id,
        before: { role: u.role, email: u.email, username: u.username, firstName: u.first_name, lastName: u.last_name },
      });
    return deleted;
  });
}

/** Activates or deactivates the selected users; deactivation ends their sessions. */
export async function setActive(deps: AppDeps, actor: Actor, ids: readonly string[], active: boolean): Promise<number> {
  if (ids.length === 0) badRequest('no_users_selected');
  const scope = await resolveUserScope(deps, actor);
  return deps.db.transaction().execute(async (trx) => {
    const users = await findSelectedUsers(trx, scope, ids);
    assertNotOwnStatus(actor, ids);
    assertNotHigherRank(actor, users);
    assertNotExternal(users);
    const userIds = users.map((u) => u.id);
    await setUsersActive(trx, actor.clientId, userIds, active);
    if (!active) await endSessionsOfUsers(trx, userIds);
    const who = auditWhoOf(actor);
    for (const u of users)
      if (u.is_active !== active)
        await audit(trx, who, actor.clientId, active ? 'user.activated' : 'user.deactivated', {
          object: { type: 'user', id: u.id },
          subjectUserId: u.id,
          before: { active: u.is_active },
          after: { active },
        });
    return userIds.length;
  });
}

/** POST /users/active answers the changed users. */
export async function setActiveAndList(
  deps: AppDeps,
  actor: Actor,
  ids: readonly string[],
  active: boolean,
): Promise<TUser[]> {
  await setActive(deps, actor, ids, active);
  const rows = await findUsersByIds(deps.db, actor.clientId, ids);
  return presentUserRows(deps.db, actor.clientId, rows);
}
