import type { TLocale } from '@lms/contracts/constants';
import { localeFallbackOrder } from '@lms/contracts/modules';
import type { TTrainingListQuery, TTrainingSort } from '@lms/contracts/trainings';
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import { likeContains, paginate } from '../../platform/paging';
import { foldForSearch } from '../courses';
import type { TrainingGroupsTable, TrainingsTable } from './training.table';

export type TrainingRow = Selectable<TrainingsTable>;
/** A row of the list, with the course's dates and active flag beside the training's own. */
export type TrainingListRow = TrainingRow & {
  course_start_date: string | null;
  course_deadline: string | null;
  is_course_active: boolean;
  course_validity_months: number | null;
  course_renewal_days: number;
};

/** The course columns beside a training's own (dates, active flag, validity). */
const COURSE_COLUMNS = [
  'c.start_date as course_start_date',
  'c.deadline as course_deadline',
  'c.is_active as is_course_active',
  'c.validity_months as course_validity_months',
  'c.renewal_days as course_renewal_days',
] as const;

const CHUNK = 500;

export const findTrainingById = (db: DbOrTrx, clientId: string, id: string) =>
  db.selectFrom('trainings').selectAll().where('client_id', '=', clientId).where('id', '=', id).executeTakeFirst();

export async function insertTraining(db: DbOrTrx, row: Insertable<TrainingsTable>): Promise<void> {
  await db.insertInto('trainings').values(row).execute();
}

export async function updateTrainingRow(
  db: DbOrTrx,
  clientId: string,
  id: string,
  fields: Updateable<TrainingsTable>,
): Promise<void> {
  await db.updateTable('trainings').set(fields).where('client_id', '=', clientId).where('id', '=', id).execute();
}

/** Groups, participants and their module values go with it (ON DELETE CASCADE). */
export async function deleteTrainingRow(db: DbOrTrx, clientId: string, id: string): Promise<void> {
  await db.deleteFrom('trainings').where('client_id', '=', clientId).where('id', '=', id).execute();
}

export async function groupIdsOfTraining(db: DbOrTrx, clientId: string, trainingId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('training_groups')
    .select('group_id')
    .where('client_id', '=', clientId)
    .where('training_id', '=', trainingId)
    .execute();
  return rows.map((r) => r.group_id);
}

/** Pairs of training and group, for trainings or for groups. */
export async function trainingGroupPairs(
  db: DbOrTrx,
  clientId: string,
  by: 'training_id' | 'group_id',
  ids: readonly string[],
): Promise<Array<Pick<Selectable<TrainingGroupsTable>, 'training_id' | 'group_id'>>> {
  const out: Array<{ training_id: string; group_id: string }> = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    out.push(
      ...(await db
        .selectFrom('training_groups')
        .select(['training_id', 'group_id'])
        .where('client_id', '=', clientId)
        .where(by, 'in', ids.slice(i, i + CHUNK))
        .execute()),
    );
  }
  return out;
}

export async function addTrainingGroups(
  db: DbOrTrx,
  clientId: string,
  trainingId: string,
  groupIds: readonly string[],
  now: string,
): Promise<void> {
  if (groupIds.length === 0) return;
  await db
    .insertInto('training_groups')
    .values(groupIds.map((group_id) => ({ training_id: trainingId, group_id, client_id: clientId, created_at: now })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function removeTrainingGroups(
  db: DbOrTrx,
  clientId: string,
  trainingId: string,
  groupIds: readonly string[],
): Promise<void> {
  if (groupIds.length === 0) return;
  await db
    .deleteFrom('training_groups')
    .where('client_id', '=', clientId)
    .where('training_id', '=', trainingId)
    .where('group_id', 'in', groupIds)
    .execute();
}

/** Whether the training is assigned to at least one of the groups (a coordinator's scope). */
export async function isTrainingOfGroups(
  db: DbOrTrx,
  clientId: string,
  trainingId: string,
  groupIds: readonly string[],
): Promise<boolean> {
  if (groupIds.length === 0) return false;
  const row = await db
    .selectFrom('training_groups')
    .select('training_id')
    .where('client_id', '=', clientId)
    .where('training_id', '=', trainingId)
    .where('group_id', 'in', groupIds)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

const shownTitleSort = sql.raw('coalesce(t0.title_sort, t1.title_sort, t2.title_sort)');

const sortExpression = (sort: TTrainingSort) => {
  switch (sort) {
    case 'courseTitle':
      return shownTitleSort;
    case 'startDate':
      return sql`coalesce(t.start_date, c.start_date)`;
    case 'deadline':
      return sql`coalesce(t.deadline, c.deadline)`;
    case 'participantCount':
      return sql`(select count(*) from training_participants p where p.training_id = t.id and p.is_assigned = ${true})`;
    case 'createdAt':
      return sql.ref('t.created_at');
  }
};

/**
 * One page of the client's trainings; `onlyGroupIds` (a coordinator's groups) keeps those assigned to one of them.
 * The course's texts and dates are joined for the search and the sort by the title the reader sees: a page sorted
 * on the server cannot ask the courses feature row by row (DECISIONS "table paging").
 */
export async function listTrainingPage(
  db: DbOrTrx,
  clientId: string,
  locale: TLocale,
  onlyGroupIds: readonly string[] | null,
  query: TTrainingListQuery,
): Promise<{ rows: TrainingListRow[]; total: number }> {
  const [l0, l1, l2] = localeFallbackOrder(locale) as [TLocale, TLocale, TLocale];
  let base = db
    .selectFrom('trainings as t')
    .innerJoin('courses as c', 'c.id', 't.course_id')
    .where('t.client_id', '=', clientId);
  if (onlyGroupIds !== null) {
    const groups = onlyGroupIds.length > 0 ? [...onlyGroupIds] : [''];
    base = base.where('t.id', 'in', (eb) =>
      eb.selectFrom('training_groups as g').select('g.training_id').where('g.group_id', 'in', groups),
    );
  }
  if (query.courseId) base = base.where('t.course_id', '=', query.courseId);
  if (query.groupId) {
    const groupId = query.groupId;
    base = base.where('t.id', 'in', (eb) =>
      eb.selectFrom('training_groups as g2').select('g2.training_id').where('g2.group_id', '=', groupId),
    );
  }
  if (query.search) base = base.where(likeContains(sql.ref('c.search_text'), foldForSearch(query.search)));
  return paginate(base, query, (filtered) =>
    filtered
      .leftJoin('course_texts as t0', (j) => j.onRef('t0.course_id', '=', 'c.id').on('t0.locale', '=', l0))
      .leftJoin('course_texts as t1', (j) => j.onRef('t1.course_id', '=', 'c.id').on('t1.locale', '=', l1))
      .leftJoin('course_texts as t2', (j) => j.onRef('t2.course_id', '=', 'c.id').on('t2.locale', '=', l2))
      .selectAll('t')
      .select(COURSE_COLUMNS)
      .orderBy(sortExpression(query.sort), (ob) => (query.order === 'asc' ? ob.asc() : ob.desc()).nullsLast())
      .orderBy('t.id', query.order),
  );
}

/** The course's dates and active flag of one training (the learner's and the presenter's view). */
export const findTrainingWithCourse = (db: DbOrTrx, clientId: string, id: string) =>
  db
    .selectFrom('trainings as t')
    .innerJoin('courses as c', 'c.id', 't.course_id')
    .selectAll('t')
    .select(COURSE_COLUMNS)
    .where('t.client_id', '=', clientId)
    .where('t.id', '=', id)
    .executeTakeFirst();

/** Many trainings with their courses' dates in one query (the learner's dashboard). */
export const findTrainingsWithCourse = (db: DbOrTrx, clientId: string, ids: readonly string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('trainings as t')
        .innerJoin('courses as c', 'c.id', 't.course_id')
        .selectAll('t')
        .select(COURSE_COLUMNS)
        .where('t.client_id', '=', clientId)
        .where('t.id', 'in', ids)
        .execute();

/** The client's platform domain, for links in mails sent by a job (no request, so no tenant to ask). */
export const findClientDomain = async (db: DbOrTrx, clientId: string): Promise<string | undefined> =>
  (await db.selectFrom('clients').select('platform_domain').where('id', '=', clientId).executeTakeFirst())
    ?.platform_domain;

export async function findTrainingsByIds(
  db: DbOrTrx,
  clientId: string,
  ids: readonly string[],
): Promise<TrainingRow[]> {
  const unique = [...new Set(ids)];
  const rows: TrainingRow[] = [];
  for (let i = 0; i < unique.length; i += CHUNK) {
    rows.push(
      ...(await db
        .selectFrom('trainings')
        .selectAll()
        .where('client_id', '=', clientId)
        .where('id', 'in', unique.slice(i, i + CHUNK))
        .execute()),
    );
  }
  return rows;
}
