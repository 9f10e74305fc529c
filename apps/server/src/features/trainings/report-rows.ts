import { LIST_TOTAL_CAP } from '@lms/contracts/constants';
import type { TLocale } from '@lms/contracts/constants';
import type { TReportSort, TReportState } from '@lms/contracts/reports';
import { sql, type SqlBool } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import { countCapped } from '../../platform/paging';
import { courseTitlesOf } from '../courses';
import { isGroupScoped, type UserScope } from '../users';

// The trainings feature's side of the reports (features/reports, issue 31 point 2): the trainings a report covers
// and the participant rows only a live read can answer (who is overdue, whose validity ends soon). Each read is
// bounded by what the report shows: the page's rows, the rows of a validity range, a coordinator's groups.

export interface ReportTraining {
  id: string;
  title: string;
  /** The training's own deadline, else the course's. */
  deadline: string | null;
}

/** The trainings in the scope (a coordinator: those assigned to a group they coordinate), with title and deadline. */
export async function reportTrainings(db: DbOrTrx, scope: UserScope, locale: TLocale): Promise<ReportTraining[]> {
  if (isGroupScoped(scope) && scope.groupIds.length === 0) return [];
  let q = db
    .selectFrom('trainings as t')
    .innerJoin('courses as c', 'c.id', 't.course_id')
    .select(['t.id', 't.course_id', sql<string | null>`coalesce(t.deadline, c.deadline)`.as('deadline')])
    .where('t.client_id', '=', scope.clientId);
  if (isGroupScoped(scope))
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('training_groups as tg')
          .select('tg.training_id')
          .whereRef('tg.training_id', '=', 't.id')
          .where('tg.group_id', 'in', scope.groupIds),
      ),
    );
  const rows = await q.execute();
  const titles = await courseTitlesOf(
    db,
    scope.clientId,
    rows.map((r) => r.course_id),
    locale,
  );
  return rows.map((r) => ({ id: r.id, title: titles.get(r.course_id) ?? '', deadline: dateOf(r.deadline) }));
}

/** PostgreSQL answers a date column as a Date (or an ISO text): the report speaks YYYY-MM-DD. */
const dateOf = (v: unknown): string | null =>
  v instanceof Date ? v.toISOString().slice(0, 10) : typeof v === 'string' ? v.slice(0, 10) : null;

/** Which participant rows a report reads: the scope and its filters. */
export interface ReportRowFilter {
  trainingIds: readonly string[];
  groupId?: string | undefined;
  companyId?: string | undefined;
}

export function scopedRows(db: DbOrTrx, scope: UserScope, filter: ReportRowFilter) {
  let q = db
    .selectFrom('training_participants as p')
    .where('p.client_id', '=', scope.clientId)
    .where('p.is_assigned', '=', true);
  q =
    filter.trainingIds.length === 0 ? q.where(sql<SqlBool>`1 = 0`) : q.where('p.training_id', 'in', filter.trainingIds);
  if (isGroupScoped(scope))
    q =
      scope.groupIds.length === 0
        ? q.where(sql<SqlBool>`1 = 0`)
        : q.where('p.user_id', 'in', (eb) =>
            eb.selectFrom('group_members as sm').select('sm.user_id').where('sm.group_id', 'in', scope.groupIds),
          );
  if (filter.groupId) {
    const groupId = filter.groupId;
    q = q.where('p.user_id', 'in', (eb) =>
      eb.selectFrom('group_members as fm').select('fm.user_id').where('fm.group_id', '=', groupId),
    );
  }
  if (filter.companyId) {
    const companyId = filter.companyId;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('users as cu')
          .select('cu.id')
          .whereRef('cu.id', '=', 'p.user_id')
          .where('cu.company_id', '=', companyId),
      ),
    );
  }
  return q;
}
type ScopedRows = ReturnType<typeof scopedRows>;

/** What makes a row need attention, as of `now` (ISO) and `today` (its UTC day). */
export interface AttentionWindow {
  state: TReportState;
  now: string;
  today: string;
  /** expiring: validity ends after now and by this instant. */
  until: string;
  /** The period the due date must lie in (days, inclusive); none: any. */
  from?: string | undefined;
  to?: string | undefined;
}

const dayEnd = (day: string) => `${day}T23:59:59.999Z`;

/** The rows in the state; an overdue row's training is one the caller picked as past its deadline. */
export function inState(q: ScopedRows, w: AttentionWindow): ScopedRows {
  switch (w.state) {
    case 'overdue':
      return q.where('p.status', 'in', ['PENDING', 'STARTED']);
    case 'expiring': {
      let r = q.where('p.valid_until', '>', w.now).where('p.valid_until', '<=', w.until);
      if (w.from) r = r.where('p.valid_until', '>=', w.from);
      if (w.to) r = r.where('p.valid_until', '<=', dayEnd(w.to));
      return r.where('p.status', '<>', 'EXPIRED').where('p.status', '<>', 'OPTIONAL');
    }
    case 'expired': {
      let r = q.where('p.status', '=', 'EXPIRED');
      if (w.from) r = r.where('p.valid_until', '>=', w.from);
      if (w.to) r = r.where('p.valid_until', '<=', dayEnd(w.to));
      return r;
    }
  }
}

const expiringRows = (db: DbOrTrx, scope: UserScope, filter: ReportRowFilter, w: AttentionWindow) =>
  inState(scopedRows(db, scope, filter), { ...w, state: 'expiring', from: undefined, to: undefined });

/** Expiring participations by training and group (a person in two groups: in each). */
export async function countExpiringByGroup(db: DbOrTrx, scope: UserScope, filter: ReportRowFilter, w: AttentionWindow) {
  let byGroup = expiringRows(db, scope, filter, w)
    .innerJoin('group_members as gm', 'gm.user_id', 'p.user_id')
    .select(['p.training_id', 'gm.group_id', (eb) => eb.fn.countAll<number>().as('n')]);
  if (isGroupScoped(scope)) byGroup = byGroup.where('gm.group_id', 'in', scope.groupIds);
  const groups = await byGroup.groupBy(['p.training_id', 'gm.group_id']).execute();
  return groups.map((r) => ({ trainingId: r.training_id, groupId: r.group_id, n: Number(r.n) }));
}

/** Expiring participations by training and company, and by training and group (a person in two groups: in each). */
export async function countExpiring(db: DbOrTrx, scope: UserScope, filter: ReportRowFilter, w: AttentionWindow) {
  const byCompany = await expiringRows(db, scope, filter, w)
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.training_id', 'u.company_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['p.training_id', 'u.company_id'])
    .execute();
  return {
    byCompany: byCompany.map((r) => ({ trainingId: r.training_id, companyId: r.company_id, n: Number(r.n) })),
    byGroup: await countExpiringByGroup(db, scope, filter, w),
  };
}

/**
 * Participations by training, status and company as the summary cannot say them for a coordinator of several groups
 * (a person in two counts once), live; with how many of each expire within the window (`expiring`, as inState's
 * "expiring" says it), counted in the same pass over the rows rather than by a second query over the client's end
 * dates (issue 31: 47 ms of a coordinator's 321 ms overview at 100,000 users).
 */
export async function countStatesLive(
  db: DbOrTrx,
  scope: UserScope,
  filter: ReportRowFilter,
  w: Pick<AttentionWindow, 'now' | 'until'>,
) {
  const rows = await scopedRows(db, scope, filter)
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select([
      'p.training_id',
      'p.status',
      'u.company_id',
      (eb) => eb.fn.countAll<number>().as('n'),
      sql<
        number | string
      >`sum(case when p.valid_until > ${w.now} and p.valid_until <= ${w.until} and p.status <> 'EXPIRED' and p.status <> 'OPTIONAL' then 1 else 0 end)`.as(
        'expiring',
      ),
    ])
    .groupBy(['p.training_id', 'p.status', 'u.company_id'])
    .execute();
  return rows.map((r) => ({
    trainingId: r.training_id,
    status: r.status,
    companyId: r.company_id,
    n: Number(r.n),
    expiring: Number(r.expiring),
  }));
}

/** Completions by the Monday of their week, per training, live (a coordinator of several groups). */
export async function completionsLive(db: DbOrTrx, scope: UserScope, filter: ReportRowFilter, since: string) {
  const rows = await scopedRows(db, scope, filter)
    .where('p.status', '=', 'COMPLETED')
    .where('p.completed_at', '>=', since)
    .select(['p.training_id', 'p.completed_at'])
    .execute();
  return rows.map((r) => ({ trainingId: r.training_id, completedAt: isoOf(r.completed_at) }));
}

const isoOf = (v: unknown): string => (v instanceof Date ? v.toISOString() : String(v));

export interface AttentionKey {
  trainingId: string;
  userId: string;
}

/**
 * One page of the rows in a state, with the capped total. `trainings` are the ones the list covers, in the order
 * `sort` walks them (overdue: only those past their deadline). Overdue rows are read training by training in that
 * order (the deadline is the training's), so a page reads its own rows and the counts of the trainings before it;
 * expiring and expired rows come in the order of their end date from the index on (client, valid_until).
 */
export async function attentionPage(
  db: DbOrTrx,
  scope: UserScope,
  filter: ReportRowFilter,
  w: AttentionWindow,
  sort: TReportSort,
  page: { page: number; pageSize: number },
): Promise<{ keys: AttentionKey[]; total: number; totalCapped: boolean }> {
  const all = () => inState(scopedRows(db, scope, filter), w);
  const counted = await countCapped(db, all());
  const offset = (page.page - 1) * page.pageSize;
  if (offset >= Math.min(counted.total, LIST_TOTAL_CAP)) return { keys: [], ...counted };
  const keysOf = (rows: { training_id: string; user_id: string }[]) =>
    rows.map((r) => ({ trainingId: r.training_id, userId: r.user_id }));
  if (sort === 'name') {
    const rows = await all()
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['p.training_id', 'p.user_id'])
      .orderBy('u.sort_name')
      .orderBy('p.user_id')
      .orderBy('p.training_id')
      .limit(page.pageSize)
      .offset(offset)
      .execute();
    return { keys: keysOf(rows), ...counted };
  }
  if (w.state !== 'overdue' && sort === 'urgent') {
    const rows = await all()
      .select(['p.training_id', 'p.user_id'])
      .orderBy('p.valid_until')
      .orderBy('p.training_id')
      .orderBy('p.user_id')
      .limit(page.pageSize)
      .offset(offset)
      .execute();
    return { keys: keysOf(rows), ...counted };
  }
  // Training by training, in the order given: skip whole trainings by their capped counts, then read the page.
  const keys: AttentionKey[] = [];
  let skip = offset;
  for (const trainingId of filter.trainingIds) {
    if (keys.length >= page.pageSize) break;
    const one = () => inState(scopedRows(db, scope, { ...filter, trainingIds: [trainingId] }), w);
    if (skip > 0) {
      const n = (await countCapped(db, one())).total;
      if (n <= skip) {
        skip -= n;
        continue;
      }
    }
    const rows = await one()
      .select(['p.training_id', 'p.user_id'])
      .orderBy('p.user_id')
      .limit(page.pageSize - keys.length)
      .offset(skip)
      .execute();
    skip = 0;
    keys.push(...keysOf(rows));
  }
  return { keys, ...counted };
}

/** Every row in a state up to LIST_TOTAL_CAP (the reminders to "all matching"), by training. */
export async function attentionKeys(db: DbOrTrx, scope: UserScope, filter: ReportRowFilter, w: AttentionWindow) {
  const rows = await inState(scopedRows(db, scope, filter), w)
    .select(['p.training_id', 'p.user_id'])
    .orderBy('p.training_id')
    .orderBy('p.user_id')
    .limit(LIST_TOTAL_CAP)
    .execute();
  return rows.map((r) => ({ trainingId: r.training_id, userId: r.user_id }));
}

/** The page's rows in full: the person, their end date, last reminder, groups in the scope and those coordinators. */
export async function attentionDetails(db: DbOrTrx, scope: UserScope, keys: readonly AttentionKey[]) {
  if (keys.length === 0)
    return {
      rows: [],
      groups: new Map<string, { id: string; name: string }[]>(),
      coordinators: new Map<string, string[]>(),
    };
  const userIds = [...new Set(keys.map((k) => k.userId))];
  const trainingIds = [...new Set(keys.map((k) => k.trainingId))];
  const rows = await db
    .selectFrom('training_participants as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select([
      'p.training_id',
      'p.user_id',
      'p.valid_until',
      'p.last_reminder_at',
      'u.first_name',
      'u.last_name',
      'u.email',
    ])
    .where('p.client_id', '=', scope.clientId)
    .where('u.client_id', '=', scope.clientId)
    .where('p.training_id', 'in', trainingIds)
    .where('p.user_id', 'in', userIds)
    .execute();
  let memberships = db
    .selectFrom('group_members as gm')
    .innerJoin('groups as g', 'g.id', 'gm.group_id')
    .select(['gm.user_id', 'g.id', 'g.name'])
    .where('gm.client_id', '=', scope.clientId)
    .where('gm.user_id', 'in', userIds);
  if (isGroupScoped(scope))
    memberships =
      scope.groupIds.length === 0
        ? memberships.where(sql<SqlBool>`1 = 0`)
        : memberships.where('g.id', 'in', scope.groupIds);
  const member = await memberships.orderBy('g.name').execute();
  const groupIds = [...new Set(member.map((m) => m.id))];
  const coordinatorRows =
    groupIds.length === 0
      ? []
      : await db
          .selectFrom('group_coordinators as gc')
          .innerJoin('users as cu', 'cu.id', 'gc.user_id')
          .select(['gc.group_id', 'cu.first_name', 'cu.last_name'])
          .where('gc.client_id', '=', scope.clientId)
          .where('gc.group_id', 'in', groupIds)
          .orderBy('cu.last_name')
          .orderBy('cu.first_name')
          .execute();
  const coordinatorsOfGroup = new Map<string, string[]>();
  for (const c of coordinatorRows)
    coordinatorsOfGroup.set(c.group_id, [
      ...(coordinatorsOfGroup.get(c.group_id) ?? []),
      `${c.first_name} ${c.last_name}`.trim(),
    ]);
  const groups = new Map<string, { id: string; name: string }[]>();
  const coordinators = new Map<string, string[]>();
  for (const m of member) {
    groups.set(m.user_id, [...(groups.get(m.user_id) ?? []), { id: m.id, name: m.name }]);
    const names = new Set([...(coordinators.get(m.user_id) ?? []), ...(coordinatorsOfGroup.get(m.id) ?? [])]);
    coordinators.set(m.user_id, [...names]);
  }
  return {
    rows: rows.map((r) => ({
      trainingId: r.training_id,
      userId: r.user_id,
      validUntil: r.valid_until === null ? null : isoOf(r.valid_until),
      lastReminderAt: r.last_reminder_at === null ? null : isoOf(r.last_reminder_at),
      name: `${r.first_name} ${r.last_name}`.trim(),
      email: r.email,
    })),
    groups,
    coordinators,
  };
}

/** Participations by training, group and status, live (the per-group figures under a company filter). */
export async function countGroupStatesLive(db: DbOrTrx, scope: UserScope, filter: ReportRowFilter) {
  let q = scopedRows(db, scope, filter)
    .innerJoin('group_members as gm', 'gm.user_id', 'p.user_id')
    .select(['p.training_id', 'p.status', 'gm.group_id', (eb) => eb.fn.countAll<number>().as('n')]);
  if (isGroupScoped(scope)) q = q.where('gm.group_id', 'in', scope.groupIds.length ? scope.groupIds : ['']);
  if (filter.groupId) q = q.where('gm.group_id', '=', filter.groupId);
  const rows = await q.groupBy(['p.training_id', 'p.status', 'gm.group_id']).execute();
  return rows.map((r) => ({ trainingId: r.training_id, status: r.status, groupId: r.group_id, n: Number(r.n) }));
}
