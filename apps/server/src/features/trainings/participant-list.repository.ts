import type { TParticipantListQuery, TParticipantSort, TTrainingCounts } from '@lms/contracts/trainings';
import { sql, type SqlBool } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import { likeContains, paginateCapped } from '../../platform/paging';
import { searchWords } from '../users/user-search-keys';
import { isGroupScoped, userInScope, type UserScope } from '../users/user-scope';

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

/**
 * The rows that decide a training's page and its count are the participant rows alone (they carry client_id); the
 * scope and the search reach the user through the key, so the count of 10,000 participants reads one index and the
 * users are joined only for the sort and the page.
 */
export async function listParticipantPage(
  db: DbOrTrx,
  scope: UserScope,
  trainingId: string,
  query: TParticipantListQuery & { userId?: string },
) {
  let base = db
    .selectFrom('training_participants as p')
    .where('p.client_id', '=', scope.clientId)
    .where('p.training_id', '=', trainingId);
  if (isGroupScoped(scope))
    base =
      scope.groupIds.length === 0
        ? base.where(sql<SqlBool>`1 = 0`)
        : base.where('p.user_id', 'in', (eb) =>
            eb
              .selectFrom('group_members')
              .select('group_members.user_id')
              .where('group_members.group_id', 'in', scope.groupIds),
          );
  if (query.status) base = base.where('p.status', '=', query.status);
  if (query.userId) base = base.where('p.user_id', '=', query.userId);
  for (const word of searchWords(query.search))
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('users as su')
          .select('su.id')
          .whereRef('su.id', '=', 'p.user_id')
          .where(likeContains(sql.ref('su.search_text'), word)),
      ),
    );
  return paginateCapped(db, base, query, (filtered) =>
    filtered
      .innerJoin('users as u', 'u.id', 'p.user_id')
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
  // Client-wide, the participant rows alone answer (they carry client_id): counted from the index
  // training_participants_counts without visiting a user. A coordinator's scope needs the users' memberships.
  const rowsInScope = () =>
    isGroupScoped(scope)
      ? participantsInScope(db, scope)
      : db.selectFrom('training_participants as p').where('p.client_id', '=', scope.clientId);
  for (let i = 0; i < trainingIds.length; i += 500) {
    const rows = await rowsInScope()
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
