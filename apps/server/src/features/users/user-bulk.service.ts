import type { TBulkBody, TBulkResult, TUser, TUserSelection } from '@lms/contracts/users';
import type { DbOrTrx } from '../../db/database';
import { audit, auditWhoOf } from '../../platform/audit/audit-actor';
import type { AppDeps } from '../../platform/deps';
import { publish } from '../../platform/events';
import { badRequest } from '../../platform/errors';
import type { Actor } from '../../platform/session';
import type { Tenant } from '../../platform/tenant';
import { addUsersToGroup, membersAmong, removeUsersFromGroup, usableGroup } from '../groups';
import type { TExportFormat } from '@lms/contracts/exports';
import type { TableExport } from '../../platform/table-export';
import { exportSelectedUsers } from './user-export';
import { findSelectedUsers } from './user-find';
import { listUserIdsOfFilter } from './user-list';
import { assertNotExternal, assertNotHigherRank } from './user-rules';
import { resolveUserScope, type UserScope } from './user-scope';
import { isExternallyManaged } from './user.presenter';
import type { UserRow } from './user.repository';
import { deleteUsers, setActive } from './user-status.service';

/** The ids of a selection: the ids sent, or every user the search finds ("all search results"). */
async function selectedIds(deps: AppDeps, scope: UserScope, selection: TUserSelection): Promise<string[]> {
  return 'ids' in selection ? selection.ids : listUserIdsOfFilter(deps.db, scope, selection.filter);
}

export type BulkOutcome =
  { kind: 'result'; result: TBulkResult } | { kind: 'export'; format: TExportFormat; table: TableExport<TUser> };

/**
 * Bulk actions on a selection (spec sections 4 and 5): an action and a selection are required, each with its own
 * code; every action runs in one transaction and changes nothing when one selected user breaks a rule.
 */
export async function runBulkAction(
  deps: AppDeps,
  tenant: Tenant,
  actor: Actor,
  body: TBulkBody,
): Promise<BulkOutcome> {
  if (!body.action) return badRequest('no_action_selected');
  if (!body.selection) return badRequest('no_users_selected');
  const scope = await resolveUserScope(deps, actor);
  const ids = await selectedIds(deps, scope, body.selection);
  if (ids.length === 0) return badRequest('no_users_selected');
  const action = body.action;
  const done = (affected: number): BulkOutcome => ({ kind: 'result', result: { action, affected } });

  switch (action) {
    case 'activate':
    case 'deactivate':
      return done(await setActive(deps, actor, ids, action === 'activate'));
    case 'delete':
      return done(await deleteUsers(deps, actor, ids));
    case 'addToGroup':
    case 'removeFromGroup':
      return done(await changeGroup(deps, actor, scope, ids, action, body.groupId));
    case 'sendPasswordReset':
      return done(await sendResets(deps, tenant, actor, scope, ids));
    case 'export':
      return { kind: 'export', format: body.format ?? 'csv', table: await exportSelectedUsers(deps, actor, ids) };
  }
}

async function changeGroup(
  deps: AppDeps,
  actor: Actor,
  scope: UserScope,
  ids: string[],
  action: 'addToGroup' | 'removeFromGroup',
  groupId: string | undefined,
): Promise<number> {
  if (!groupId) return badRequest('validation_failed', { fields: [{ field: 'body.groupId', message: 'required' }] });
  return deps.db.transaction().execute(async (trx) => {
    const group = await usableGroup(trx, scope, groupId);
    const users = await findSelectedUsers(trx, scope, ids);
    assertNotHigherRank(actor, users);
    await assertNoExternalMemberChange(trx, actor.clientId, group.id, users, action);
    const userIds = users.map((u) => u.id);
    const before = new Set(await membersAmong(trx, actor.clientId, group.id, userIds));
    if (action === 'addToGroup') await addUsersToGroup(trx, actor.clientId, group.id, userIds);
    else await removeUsersFromGroup(trx, scope, group.id, userIds);
    // One entry per user whose membership changed.
    const who = auditWhoOf(actor);
    for (const userId of userIds)
      if (before.has(userId) !== (action === 'addToGroup'))
        await audit(trx, who, actor.clientId, 'group.membership-changed', {
          object: { type: 'user', id: userId },
          subjectUserId: userId,
          detail: action === 'addToGroup' ? { added: [group.id], removed: [] } : { added: [], removed: [group.id] },
        });
    return userIds.length;
  });
}

/**
 * Externally managed users keep the groups their directory gives them (PERMISSIONS.md): the action fails as a whole
 * when it would add one to the group or take one out; one already where the action would put them is left alone.
 */
async function assertNoExternalMemberChange(
  db: DbOrTrx,
  clientId: string,
  groupId: string,
  users: readonly UserRow[],
  action: 'addToGroup' | 'removeFromGroup',
): Promise<void> {
  const external = users.filter(isExternallyManaged);
  if (external.length === 0) return;
  const members = new Set(
    await membersAmong(
      db,
      clientId,
      groupId,
      external.map((u) => u.id),
    ),
  );
  const touched = external.filter((u) => members.has(u.id) === (action === 'removeFromGroup'));
  if (touched.length > 0) badRequest('externally_managed', { userIds: touched.slice(0, 20).map((u) => u.id) });
}

/** Reset mails for the selected users that have an e-mail address; never for externally managed users. */
async function sendResets(deps: AppDeps, tenant: Tenant, actor: Actor, scope: UserScope, ids: string[]) {
  return deps.db.transaction().execute(async (trx) => {
    const users = await findSelectedUsers(trx, scope, ids);
    assertNotHigherRank(actor, users);
    assertNotExternal(users);
    let sent = 0;
    for (const u of users) {
      if (!u.email) continue;
      await publish('users.password-reset-requested', {
        trx,
        config: deps.config,
        tenant,
        user: { ...u, email: u.email },
      });
      sent += 1;
    }
    return sent;
  });
}
