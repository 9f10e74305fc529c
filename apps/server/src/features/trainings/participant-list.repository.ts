import type { TParticipantListQuery, TParticipantSort, TTrainingCounts } from '@lms/contracts/trainings';
import type { TValidityState } from '@lms/contracts/validity';
import { sql, type OrderByItemBuilder, type SqlBool } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import { countCapped, likeContains, startsPastCap } from '../../platform/paging';
import { searchWords, isGroupScoped, userInScope, type UserScope } from '../users';

// The participants of trainings with their users' names, inside the actor's scope (PERMISSIONS.md "groups": a
// coordinator sees the members of the groups they coordinate). A page is found from the training's own rows (their
// sort keys, sortKey), so a training of 10,000 participants costs the same in a tenant of 10,000 or 1,000,000 users.

const SORTS: Record<TParticipantSort, string> = {
  name: 'u.sort_name',
  email: 'u.email_normalized',
  status: 'p.status',
  startedAt: 'p.started_at',
  completedAt: 'p.completed_at',
  progress: 'p.completed_modules',
  // Issue 31 point 1: from training_participants_score (client, training, score_pct, user); no score sorts last.
  score: 'p.score_pct',
};

export const participantsInScope = (db: DbOrTrx, scope: UserScope) =>
  db
    .selectFrom('training_participants as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .where('p.client_id', '=', scope.clientId)
    .where((eb) => userInScope(eb, scope));

/** The sorts by a column of the user rather than of the participant row. */
const USER_SORTS: Partial<Record<TParticipantSort, 'sort_name' | 'email_normalized'>> = {
  name: 'sort_name',
  email: 'email_normalized',
};

/**
 * Where a participant stands in the page's order. A user's column is read per participant by the scalar subquery
 * (for the name, from users_client_id_sort_name alone). Joined instead, PostgreSQL would walk the client's sort index
 * and probe the training for each user until the page is full: cheap when the participants are spread over the
 * alphabet, but the whole tenant when they are not (1.4 s at 100,000 users for a training of the first 10,000,
 * sorted backwards). The subquery keeps the cost to the training's own rows, whatever the tenant's size.
 */
function sortKey(scope: UserScope, sort: TParticipantSort) {
  const userColumn = USER_SORTS[sort];
  if (!userColumn) return sql.ref(SORTS[sort]);
  // SQLite prefers the unique id index, which sends it to the user's row for the name; told, it reads the entry.
  const covering =
    scope.dialect === 'sqlite' && userColumn === 'sort_name' ? sql`indexed by users_client_id_sort_name` : sql``;
  return sql`(select ${sql.ref(`su.${userColumn}`)} from users su ${covering} where su.client_id = ${scope.clientId}
    and su.id = p.user_id)`;
}

/**
 * The rows that decide a training's page and its count are the participant rows alone (they carry client_id); the
 * scope and the search reach the user through the key, so the count of 10,000 participants reads one index.
 */
const trainingRows = (db: DbOrTrx, clientId: string, trainingId: string) =>
  db
    .selectFrom('training_participants as p')
    .where('p.client_id', '=', clientId)
    .where('p.training_id', '=', trainingId);
type ParticipantRows = ReturnType<typeof trainingRows>;

/** The status table's query; `now` (tests: a fake clock) is when expiring and valid are judged. */
export type ParticipantQuery = TParticipantListQuery & { userId?: string; now?: string };

function participantRows(db: DbOrTrx, scope: UserScope, trainingId: string, query: ParticipantQuery) {
  let base = trainingRows(db, scope.clientId, trainingId);
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
  if (query.validity) base = whereValidity(base, query.validity, query.now ?? new Date().toISOString());
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
  return base;
}

/**
 * Issue 30 point 1, from the index training_participants_validity (client, training, renewal_opens_at, valid_until,
 * status): valid = completed with the window not open yet; expiring = the window open and the validity not yet
 * ended (completed before the daily job opened the new cycle, or in the new cycle); expired = marked by the job.
 */
function whereValidity(base: ParticipantRows, state: TValidityState, now: string): ParticipantRows {
  switch (state) {
    case 'valid':
      return base
        .where('p.status', '=', 'COMPLETED')
        .where((eb) => eb.or([eb('p.renewal_opens_at', 'is', null), eb('p.renewal_opens_at', '>', now)]));
    case 'expiring':
      return base.where('p.renewal_opens_at', '<=', now).where('p.valid_until', '>', now);
    case 'expired':
      return base.where('p.status', '=', 'EXPIRED');
  }
}

const direction = (order: 'asc' | 'desc') => (ob: OrderByItemBuilder) =>
  (order === 'asc' ? ob.asc() : ob.desc()).nullsLast();

/** The user ids of a page of the training's participants, in list order, from the participant rows and sort keys. */
export const participantPageIds = (db: DbOrTrx, scope: UserScope, trainingId: string, query: ParticipantQuery) =>
  participantRows(db, scope, trainingId, query)
    .select('p.user_id')
    .orderBy(sortKey(scope, query.sort), direction(query.order))
    .orderBy('p.user_id', query.order)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);

/**
 * One page of a training's participants with their users, and the capped total. The page is read in two steps (as
 * the user list is): the user ids of the page (participantPageIds), then the rows of those ids with their users.
 */
export async function listParticipantPage(db: DbOrTrx, scope: UserScope, trainingId: string, query: ParticipantQuery) {
  const counted = () => countCapped(db, participantRows(db, scope, trainingId, query));
  if (startsPastCap(query)) return { rows: [], ...(await counted()) };
  const rows = await participantRowsAt(db, scope, trainingId, query, query.pageSize, (query.page - 1) * query.pageSize);
  return { rows, ...(await counted()) };
}

/**
 * The rows of `limit` participants from `offset` in the page's order, with their users: the ids from the sort keys
 * first (participantPageIds), then those few rows. The status table's page reads one such slice, its export (issue
 * 31 point 3) one after another, past the list's cap.
 */
export async function participantRowsAt(
  db: DbOrTrx,
  scope: UserScope,
  trainingId: string,
  query: ParticipantQuery,
  limit: number,
  offset: number,
) {
  const pageIds = participantPageIds(db, scope, trainingId, query)
    .clearLimit()
    .clearOffset()
    .limit(limit)
    .offset(offset);
  // The page's few rows are sorted again (the same order, ties by id). The user is held to the client too (tenancy
  // rule), on SQLite without its client index, so the ids lead.
  return db
    .selectFrom('training_participants as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .where('p.client_id', '=', scope.clientId)
    .where('p.training_id', '=', trainingId)
    .where('p.user_id', 'in', pageIds)
    .where((eb) => userInScope(eb, { ...scope, groupIds: null }, scope.dialect === 'sqlite'))
    .selectAll('p')
    .select(['u.first_name', 'u.last_name', 'u.email'])
    .orderBy(sql.ref(SORTS[query.sort]), direction(query.order))
    .orderBy('u.id', query.order)
    .execute();
}

const emptyCounts = (): TTrainingCounts => ({
  participants: 0,
  pending: 0,
  started: 0,
  completed: 0,
  optional: 0,
  expired: 0,
});

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
