import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database, DbOrTrx } from '../../db/database';

// The coordinators' weekly digest (issue 31 point 4): three figures per group, each one grouped query over the
// group's trainings (training_groups_group) and their participants (training_participants' indexes), counting the
// group's members only. A participant is counted in a group when the training is assigned to that group and the
// person is a member of it; only assigned participants count (a former participant's row is history).

export interface DigestWindow {
  /** New overdue: a deadline (the training's, else its course's) on or after this day and before `today`. */
  overdueSince: string;
  today: string;
  /** Expiring: a validity that ends after `expiringFrom` and at or before `expiringTo` (ISO times). */
  expiringFrom: string;
  expiringTo: string;
  /** Completed: completed_at in [completedFrom, completedTo) (ISO times). */
  completedFrom: string;
  completedTo: string;
}

export interface DigestFigures {
  overdue: number;
  expiring: number;
  completed: number;
}

const deadline = sql<string | null>`coalesce(t.deadline, c.deadline)`;

type Participants = SelectQueryBuilder<
  Database & {
    tg: Database['training_groups'];
    t: Database['trainings'];
    c: Database['courses'];
    tp: Database['training_participants'];
    gm: Database['group_members'];
  },
  'tg' | 't' | 'c' | 'tp' | 'gm',
  object
>;

/** The assigned participants of the groups' trainings who are members of that group, per group. */
function participantsOfGroups(db: DbOrTrx, clientId: string, groupIds: readonly string[]): Participants {
  return db
    .selectFrom('training_groups as tg')
    .innerJoin('trainings as t', 't.id', 'tg.training_id')
    .innerJoin('courses as c', 'c.id', 't.course_id')
    .innerJoin('training_participants as tp', (j) =>
      j.onRef('tp.training_id', '=', 'tg.training_id').on('tp.client_id', '=', clientId),
    )
    .innerJoin('group_members as gm', (j) =>
      j.onRef('gm.group_id', '=', 'tg.group_id').onRef('gm.user_id', '=', 'tp.user_id'),
    )
    .where('tg.client_id', '=', clientId)
    .where('tg.group_id', 'in', [...groupIds])
    .where('tp.is_assigned', '=', true);
}

async function countPerGroup(q: Participants): Promise<Map<string, number>> {
  const rows = await q
    .select((eb) => ['tg.group_id as group_id', eb.fn.countAll<number>().as('n')])
    .groupBy('tg.group_id')
    .execute();
  return new Map(rows.map((r) => [(r as { group_id: string }).group_id, Number((r as { n: number }).n)]));
}

/** The three figures of each group (every group asked for is in the answer, with zeros when nothing happened). */
export async function digestFiguresOfGroups(
  db: DbOrTrx,
  clientId: string,
  groupIds: readonly string[],
  w: DigestWindow,
): Promise<Map<string, DigestFigures>> {
  const out = new Map<string, DigestFigures>(groupIds.map((id) => [id, { overdue: 0, expiring: 0, completed: 0 }]));
  if (groupIds.length === 0) return out;
  const overdue = await countPerGroup(
    participantsOfGroups(db, clientId, groupIds)
      .where('tp.status', 'in', ['PENDING', 'STARTED'])
      .where(deadline, '>=', w.overdueSince)
      .where(deadline, '<', w.today),
  );
  const expiring = await countPerGroup(
    participantsOfGroups(db, clientId, groupIds)
      .where('tp.valid_until', '>', w.expiringFrom)
      .where('tp.valid_until', '<=', w.expiringTo),
  );
  const completed = await countPerGroup(
    participantsOfGroups(db, clientId, groupIds)
      .where('tp.completed_at', '>=', w.completedFrom)
      .where('tp.completed_at', '<', w.completedTo),
  );
  for (const [id, f] of out) {
    f.overdue = overdue.get(id) ?? 0;
    f.expiring = expiring.get(id) ?? 0;
    f.completed = completed.get(id) ?? 0;
  }
  return out;
}
