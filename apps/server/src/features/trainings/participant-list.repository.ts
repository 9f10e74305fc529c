import type { TParticipantListQuery, TParticipantSort, TTrainingCounts } from '@lms/contracts/trainings';
import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import { likeContains, paginate } from '../../platform/paging';
import { searchWords } from '../users/user-search-keys';
import { userInScope, type UserScope } from '../users/user-scope';

// The participants of trainings with their users' names, inside the actor's scope (PERMISSIONS.md "groups": a
// coordinator sees the members of the groups they coordinate). The user is joined by primary key from the
// training's rows, so a training of 10,000 participants is filtered and paged through training_participants_status.

const SORTS: Record<TParticipantSort, string> = {
  name: 'u.sort_name',
  email: 'u.email_normalized',
  status: 'p.status',
  startedAt: 'p.started_at',
  completedAt: 'p.completed_at',
  progress: 'p.completed_modules',
};

export const participantsInScope = (db: DbOrTrx, scope: UserScope) =>
  db
    .selectFrom('training_participants as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .where('p.client_id', '=', scope.clientId)
    .where((eb) => userInScope(eb, scope));

export async function listParticipantPage(
  db: DbOrTrx,
  scope: UserScope,
  trainingId: string,
  query: TParticipantListQuery & { userId?: string },
) {
  let base = participantsInScope(db, scope).where('p.training_id', '=', trainingId);
  if (query.status) base = base.where('p.status', '=', query.status);
  if (query.userId) base = base.where('p.user_id', '=', query.userId);
  for (const word of searchWords(query.search)) base = base.where(likeContains(sql.ref('u.search_text'), word));
  return paginate(base, query, (filtered) =>
    filtered
      .selectAll('p')
      .select(['u.first_name', 'u.last_name', 'u.email'])
      .orderBy(sql.ref(SORTS[query.sort]), (ob) => (query.order === 'asc' ? ob.asc() : ob.desc()).nullsLast())
      .orderBy('u.id', query.order),
  );
}

const emptyCounts = (): TTrainingCounts => ({ participants: 0, pending: 0, started: 0, completed: 0, optional: 0 });

/** Assigned participants by status and the number added individually, per training, inside the scope. */
export async function countParticipants(
  db: DbOrTrx,
  scope: UserScope,
  trainingIds: readonly string[],
): Promise<Map<string, { counts: TTrainingCounts; direct: number }>> {
  const out = new Map(trainingIds.map((id) => [id, { counts: emptyCounts(), direct: 0 }]));
  for (let i = 0; i < trainingIds.length; i += 500) {
    const rows = await participantsInScope(db, scope)
      .where('p.training_id', 'in', trainingIds.slice(i, i + 500))
      .where('p.is_assigned', '=', true)
      .select(['p.training_id', 'p.status', 'p.is_direct', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['p.training_id', 'p.status', 'p.is_direct'])
      .execute();
    for (const r of rows) {
      const entry = out.get(r.training_id);
      if (!entry) continue;
      const n = Number(r.n);
      const key = r.status.toLowerCase() as Exclude<keyof TTrainingCounts, 'participants'>;
      entry.counts[key] += n;
      entry.counts.participants += n;
      if (r.is_direct) entry.direct += n;
    }
  }
  return out;
}

/** The individually added users of a training, inside the scope, by name. */
export const directParticipants = (db: DbOrTrx, scope: UserScope, trainingId: string) =>
  participantsInScope(db, scope)
    .where('p.training_id', '=', trainingId)
    .where('p.is_direct', '=', true)
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.email'])
    .orderBy('u.sort_name')
    .orderBy('u.id')
    .execute();

/**
 * Every participant row of a training regardless of scope, as the delete rule needs it: the assigned ones, and of
 * all rows those with progress (OPTIONAL users may have started too).
 */
export async function countForDeletion(db: DbOrTrx, clientId: string, trainingId: string) {
  const rows = await db
    .selectFrom('training_participants')
    .select([
      'is_assigned',
      (eb) => eb.fn.countAll<number>().as('n'),
      sql<number>`sum(case when started_at is not null then 1 else 0 end)`.as('started'),
      sql<number>`sum(case when completed_at is not null then 1 else 0 end)`.as('completed'),
    ])
    .where('client_id', '=', clientId)
    .where('training_id', '=', trainingId)
    .groupBy('is_assigned')
    .execute();
  const total = (key: 'n' | 'started' | 'completed', assigned?: boolean) =>
    rows.filter((r) => assigned === undefined || r.is_assigned === assigned).reduce((t, r) => t + Number(r[key]), 0);
  return {
    assigned: total('n', true),
    started: total('started'),
    completed: total('completed'),
    formerWithProgress: total('started', false),
  };
}
