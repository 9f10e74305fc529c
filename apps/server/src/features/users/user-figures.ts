import type { DbOrTrx } from '../../db/database';

/**
 * Active and inactive users of the listed clients in one grouped query per page (spec section 3 "figures").
 * Active is the flag within the active-from/to window (platform/active-window.ts), today in UTC.
 */
export async function countUsersByClient(
  db: DbOrTrx,
  clientIds: readonly string[],
  today: string,
): Promise<Map<string, { active: number; total: number }>> {
  if (clientIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('users as u')
    .where('u.client_id', 'in', clientIds)
    .groupBy('u.client_id')
    .select((eb) => [
      'u.client_id',
      eb.fn.countAll<number>().as('total'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(
              eb.and([
                eb('u.is_active', '=', true),
                eb.or([eb('u.active_from', 'is', null), eb('u.active_from', '<=', today)]),
                eb.or([eb('u.active_to', 'is', null), eb('u.active_to', '>=', today)]),
              ]),
            )
            .then(1)
            .else(0)
            .end(),
        )
        .as('active'),
    ])
    .execute();
  return new Map(rows.map((r) => [r.client_id, { active: Number(r.active), total: Number(r.total) }]));
}
