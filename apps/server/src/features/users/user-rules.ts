import { can } from '@lms/contracts/permissions';
import { isSuperadminOnlyRole, rankOf, type TRole } from '@lms/contracts/roles';
import { badRequest, fail } from '../../platform/errors';
import type { Actor } from '../../platform/session';
import { isExternallyManaged } from './user.presenter';
import type { UserRow } from './user.repository';

/**
 * The rules of spec sections 5 and 6 and PERMISSIONS.md, each with its own code. They answer 400 rather than 403:
 * the web app turns every 403 into the generic "Authorization error" dialog, and these need their own message.
 * The exception is a role change, a matter of rights (403 role_change_not_allowed): the form offers only the roles
 * the user may give, so only a hand-made request meets it.
 */

/** No one deletes, edits or deactivates a user of higher rank. */
export function assertNotHigherRank(actor: Actor, targets: ReadonlyArray<Pick<UserRow, 'id' | 'role'>>): void {
  const higher = targets.filter((t) => rankOf(t.role) > rankOf(actor.role));
  if (higher.length > 0) badRequest('higher_rank', { userIds: higher.slice(0, 20).map((t) => t.id) });
}

/**
 * Only ADMIN and SUPERADMIN change roles; only SUPERADMIN assigns or removes ADMIN (and SUPERADMIN); nobody changes
 * their own role, so an ADMIN cannot drop theirs. A new user of a role other than PARTICIPANT is a role change too.
 */
export function assertRoleChange(actor: Actor, target: Pick<UserRow, 'id' | 'role'> | null, newRole: TRole): void {
  const oldRole = (target?.role ?? 'PARTICIPANT') as TRole;
  if (oldRole === newRole) return;
  // A permission matter, so 403 (PERMISSIONS.md), with its own code so the form can say why.
  const refuse = () => fail(403, 'role_change_not_allowed');
  if (!can(actor.role, 'users.changeRole')) refuse();
  if (target?.id === actor.userId) refuse();
  // DECISIONS "Clients": ADMIN and the reseller roles (which act on other clients) are a SUPERADMIN's to give.
  if (actor.role !== 'SUPERADMIN' && [oldRole, newRole].some(isSuperadminOnlyRole)) refuse();
}

/** No one changes their own active status. */
export function assertNotOwnStatus(actor: Actor, ids: readonly string[]): void {
  if (ids.includes(actor.userId)) badRequest('cannot_change_own_status');
}

export function assertNotSelfDelete(actor: Actor, ids: readonly string[]): void {
  if (ids.includes(actor.userId)) badRequest('cannot_delete_self');
}

/** Externally managed (SCIM) users: their directory owns status, password and deletion. */
export function assertNotExternal(targets: ReadonlyArray<Pick<UserRow, 'id' | 'login_type'>>): void {
  const external = targets.filter(isExternallyManaged);
  if (external.length > 0) badRequest('externally_managed', { userIds: external.slice(0, 20).map((t) => t.id) });
}
