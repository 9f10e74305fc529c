import { scopeOf } from '@lms/contracts/permissions';
import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { Database, DbOrTrx, Dialect } from '../../db/database';
import type { Actor } from '../../platform/session';

/**
 * Which users an actor may see and act on (PERMISSIONS.md "Scopes"): the whole client, or only the members of the
 * groups they coordinate. Users of other clients are never in scope; the users screens stay inside one client
 * even for SUPERADMIN (other clients are reached through the reseller screens).
 */
export interface UserScope {
  clientId: string;
  dialect: Dialect;
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

export async function resolveUserScope(deps: { db: DbOrTrx; dialect: Dialect }, actor: Actor): Promise<UserScope> {
  const scope = scopeOf(actor.role, 'coordination.manage');
  const groupIds = scope === 'groups' ? await coordinatedGroupIds(deps.db, actor.clientId, actor.userId) : null;
  return { clientId: actor.clientId, dialect: deps.dialect, actorId: actor.userId, groupIds };
}

export const isGroupScoped = (scope: UserScope): scope is UserScope & { groupIds: string[] } => scope.groupIds !== null;

type UsersEb = ExpressionBuilder<Database & { u: Database['users'] }, 'u'>;

/**
 * The WHERE part that keeps a query on `users as u` inside the scope. `unindexedClient` writes the client check so
 * that SQLite does not use an index for it (the unary plus), letting a more selective condition lead.
 */
export function userInScope(eb: UsersEb, scope: UserScope, unindexedClient = false): Expression<SqlBool> {
  const inClient = unindexedClient
    ? sql<SqlBool>`+u.client_id = ${scope.clientId}`
    : eb('u.client_id', '=', scope.clientId);
  if (!isGroupScoped(scope)) return inClient;
  if (scope.groupIds.length === 0) return sql<SqlBool>`1 = 0`;
  // The member lookup needs no client filter of its own: u.client_id already keeps every row inside the client,
  // and without it PostgreSQL answers from the (group_id, user_id) key alone.
  return eb.and([
    inClient,
    eb(
      'u.id',
      'in',
      eb
        .selectFrom('group_members')
        .select('group_members.user_id')
        .where('group_members.group_id', 'in', scope.groupIds),
    ),
  ]);
}
