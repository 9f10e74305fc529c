import { sql, type ExpressionBuilder, type SqlBool, type Expression } from 'kysely';
import type { Database, DbOrTrx } from '../../db/database';
import type { UserScope } from '../users';
import { isCoordinatorScope } from './training-scope';

// The staff home's training figures (issue 12), in one grouped query each: no work per participant beyond an
// index count. A training's deadline is its own, else its course's (training.presenter's effectiveDeadline).

type TrainingsEb = ExpressionBuilder<Database & { t: Database['trainings']; c: Database['courses'] }, 't' | 'c'>;

/** A coordinator counts the trainings assigned to a group they coordinate; the other roles the client's. */
function trainingInScope(eb: TrainingsEb, scope: UserScope): Expression<SqlBool> {
  const inClient = eb('t.client_id', '=', scope.clientId);
  if (!isCoordinatorScope(scope)) return inClient;
  if (scope.groupIds.length === 0) return sql<SqlBool>`1 = 0`;
  return eb.and([
    inClient,
    eb.exists(
      eb
        .selectFrom('training_groups as tg')
        .select('tg.training_id')
        .whereRef('tg.training_id', '=', 't.id')
        .where('tg.group_id', 'in', scope.groupIds),
    ),
  ]);
}

const deadline = sql<string | null>`coalesce(t.deadline, c.deadline)`;

/** Trainings whose deadline has not passed (or that have none). */
export async function countOpenTrainings(db: DbOrTrx, scope: UserScope, today: string): Promise<number> {
  const row = await db
    .selectFrom('trainings as t')
    .innerJoin('courses as c', 'c.id', 't.course_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => eb.and([trainingInScope(eb, scope), eb.or([eb(deadline, 'is', null), eb(deadline, '>=', today)])]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Assigned participants who have not completed a required training whose deadline has passed; a coordinator counts
 * only the members of their groups. Each overdue training's rows are counted from the participants' covering index
 * (client, training, assigned, status, direct).
 */
export async function countOverdueParticipants(db: DbOrTrx, scope: UserScope, today: string): Promise<number> {
  const row = await db
    .selectFrom('trainings as t')
    .innerJoin('courses as c', 'c.id', 't.course_id')
    .innerJoin('training_participants as tp', (j) =>
      j.onRef('tp.training_id', '=', 't.id').on('tp.client_id', '=', scope.clientId),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => {
      const conditions = [
        trainingInScope(eb, scope),
        eb(deadline, '<', today),
        eb('tp.is_assigned', '=', true),
        eb('tp.status', 'in', ['PENDING', 'STARTED']),
      ];
      if (isCoordinatorScope(scope))
        conditions.push(
          scope.groupIds.length === 0
            ? sql<SqlBool>`1 = 0`
            : eb(
                'tp.user_id',
                'in',
                eb.selectFrom('group_members as gm').select('gm.user_id').where('gm.group_id', 'in', scope.groupIds),
              ),
        );
      return eb.and(conditions);
    })
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
