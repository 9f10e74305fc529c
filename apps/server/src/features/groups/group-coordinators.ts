import type { DbOrTrx } from '../../db/database';

// Who coordinates which groups, for the coordinators' weekly digest (issue 31 point 4) and the account page.

export interface CoordinatorRef {
  clientId: string;
  userId: string;
}

/**
 * Every coordinator of every client, one page at a time in (client, user) order after `after`: read from the index
 * group_coordinators_client_user (migration 0041), so a page costs its rows, not the table.
 */
export async function coordinatorsPage(
  db: DbOrTrx,
  after: CoordinatorRef | null,
  limit: number,
): Promise<CoordinatorRef[]> {
  let q = db
    .selectFrom('group_coordinators')
    .select(['client_id', 'user_id'])
    .distinct()
    .orderBy('client_id')
    .orderBy('user_id')
    .limit(limit);
  if (after)
    q = q.where((eb) =>
      eb.or([
        eb('client_id', '>', after.clientId),
        eb.and([eb('client_id', '=', after.clientId), eb('user_id', '>', after.userId)]),
      ]),
    );
  return (await q.execute()).map((r) => ({ clientId: r.client_id, userId: r.user_id }));
}

/** The groups a person coordinates, by name. */
export const coordinatedGroups = (
  db: DbOrTrx,
  clientId: string,
  userId: string,
): Promise<Array<{ id: string; name: string }>> =>
  db
    .selectFrom('group_coordinators as gc')
    .innerJoin('groups as g', 'g.id', 'gc.group_id')
    .select(['g.id', 'g.name'])
    .where('gc.client_id', '=', clientId)
    .where('gc.user_id', '=', userId)
    .orderBy('g.name')
    .orderBy('g.id')
    .execute();
