import { scopeOf } from '@lms/contracts/permissions';
import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { Database, DbOrTrx } from '../../db/database';
import type { Actor } from '../../platform/session';

/**
 * Which users an actor may see and act on (PERMISSIONS.md "Scopes"): the whole client, or only the members of the
 * groups they coordinate. Users of other clients are never in scope; the users screens stay inside one client
 * even for SUPERADMIN (other clients are reached through the reseller screens).
 */
export interface UserScope {
  clientId: string;
  actorId: string;
  /** null: every user of the client; otherwise the coordinated groups. */
  groupIds: string[] | null;
}

export const coordinatedGroupIds = async (db: DbOrTrx, clientId: string, userId: string): Promise<string[]> =>
  (
    await db
      .selectFrom('group_coordinators')
      .select('group_id')
      .where('client_id', '=', clientId)
      .where('user_id', '=', userId)
      .execute()
  ).map((r) => r.group_id);

export async function resolveUserScope(db: DbOrTrx, actor: Actor): Promise<UserScope> {
  const scope = scopeOf(actor.role, 'coordination.manage');
  const groupIds = scope === 'groups' ? await coordinatedGroupIds(db, actor.clientId, actor.userId) : null;
  return { clientId: actor.clientId, actorId: actor.userId, groupIds };
}

export const isGroupScoped = (scope: UserScope): scope is UserScope & { groupIds: string[] } => scope.groupIds !== null;

type UsersEb = ExpressionBuilder<Database & { u: Database['users'] }, 'u'>;

/** The WHERE part that keeps a query on `users as u` inside the scope. */
export function userInScope(eb: UsersEb, scope: UserScope): Expression<SqlBool> {
  const inClient = eb('u.client_id', '=', scope.clientId);
  if (!isGroupScoped(scope)) return inClient;
  if (scope.groupIds.length === 0) return sql<SqlBool>`1 = 0`;
  return eb.and([
    inClient,
    eb(
      'u.id',
      'in',
      eb
        .selectFrom('group_members')
        .select('group_members.user_id')
        .where('group_members.client_id', '=', scope.clientId)
        .where('group_members.group_id', 'in', scope.groupIds),
    ),
  ]);
}
