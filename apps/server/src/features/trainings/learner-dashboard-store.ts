import { ZUserTrainingList, type TUserTrainingList } from '@lms/contracts/trainings';
import { compiledOnce } from '../../db/compiled-once';
import type { Db } from '../../db/database';
import type { AppDeps } from '../../platform/deps';
import { nowIso } from '../../platform/ids';
import type { Actor } from '../../platform/session';
import type { LearnerDashboardsTable } from './learner-dashboard.table';
import { listMyTrainings } from './learner.service';

/**
 * The learner dashboard's answers, kept in the database (issue 33 point 3: at 100,000 learners almost no request
 * finds its asker in a per-process cache, so the read behind it is what a Monday morning costs). Each learner's
 * answer is kept as its JSON text with the two stamps it was made under (migration 0043):
 * - the learner's stamp, moved by triggers on every change of their participations and module values;
 * - the client's catalog stamp, moved on every change of its trainings, courses, modules and their texts.
 * A request reads the stamps and the kept answer in one query by primary key. The answer is served when both stamps
 * are the current ones, its locale is the reader's and the clock has not reached `fresh_until` (the first validity
 * that runs out or renewal window that opens); otherwise it is made from the two indexed reads of
 * learner-dashboard.repository.ts and kept again. So a kept answer is never stale, in any process: a change moves a
 * stamp in its own transaction, and the stamps are read before the answer is made (a change committed after that
 * read leaves the new answer under an old stamp, which the next request does not use).
 * The cost: one write of the answer (about 0.8 KB per training) after each change of a learner's dashboard, and the
 * table's size (docs/operations.md "The learner dashboard").
 */

const FOREVER = '9999-12-31T23:59:59.999Z';

/** The first moment after `now` at which the list reads otherwise by the clock alone (presentValidity). */
export function freshUntil(list: TUserTrainingList, now: string): string {
  let until = FOREVER;
  for (const t of list.items)
    for (const at of [t.validUntil, t.renewalOpensAt]) if (at !== null && at > now && at < until) until = at;
  return until;
}

/** The current stamps and the kept answer, in one query from the client's row (always one row for a real client). */
const keptRead = compiledOnce(['clientId', 'userId'], (db, v) =>
  db
    .selectFrom('clients as c')
    .leftJoin('dashboard_stamps as s', (j) => j.onRef('s.client_id', '=', 'c.id').on('s.user_id', '=', v.userId))
    .leftJoin('dashboard_catalog_stamps as k', 'k.client_id', 'c.id')
    .leftJoin('learner_dashboards as d', (j) => j.onRef('d.client_id', '=', 'c.id').on('d.user_id', '=', v.userId))
    .select([
      's.stamp as user_stamp',
      'k.stamp as catalog_stamp',
      'd.locale',
      'd.user_stamp as kept_user_stamp',
      'd.catalog_stamp as kept_catalog_stamp',
      'd.fresh_until',
      'd.body',
    ])
    .where('c.id', '=', v.clientId),
);

const keep = (db: Db, row: LearnerDashboardsTable) =>
  db
    .insertInto('learner_dashboards')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['client_id', 'user_id']).doUpdateSet((eb) => ({
        locale: eb.ref('excluded.locale'),
        user_stamp: eb.ref('excluded.user_stamp'),
        catalog_stamp: eb.ref('excluded.catalog_stamp'),
        fresh_until: eb.ref('excluded.fresh_until'),
        body: eb.ref('excluded.body'),
      })),
    )
    .execute();

/** The learner's dashboard as its JSON text: the kept answer when it is current, else made and kept. */
export async function storedDashboardJson(deps: AppDeps, actor: Actor): Promise<string> {
  const { db } = deps;
  const [kept] = await keptRead(db, '', { clientId: actor.clientId, userId: actor.userId });
  const userStamp = Number(kept?.user_stamp ?? 0);
  const catalogStamp = Number(kept?.catalog_stamp ?? 0);
  const now = nowIso();
  if (
    kept?.body != null &&
    kept.locale === actor.locale &&
    Number(kept.kept_user_stamp) === userStamp &&
    Number(kept.kept_catalog_stamp) === catalogStamp &&
    kept.fresh_until! > now
  )
    return kept.body;
  const list = await listMyTrainings(deps, actor);
  // Validated and stripped by the route's contract once, as the schema serializer would on every answer.
  const body = JSON.stringify(ZUserTrainingList.parse(list));
  if (kept)
    await keep(db, {
      client_id: actor.clientId,
      user_id: actor.userId,
      locale: actor.locale,
      user_stamp: userStamp,
      catalog_stamp: catalogStamp,
      fresh_until: freshUntil(list, now),
      body,
    });
  return body;
}
