import type { TCourseListQuery, TCourseSort } from '@lms/contracts/courses';
import type { TLocale } from '@lms/contracts/constants';
import { localeFallbackOrder } from '@lms/contracts/modules';
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { CoursesTable, CourseTextsTable, DbOrTrx } from '../../db/database';
import { likeContains, paginate } from '../../platform/paging';

export type CourseRow = Selectable<CoursesTable>;
export type CourseTextRow = Selectable<CourseTextsTable>;
export type CourseListRow = CourseRow & { module_count: number };

/** Lower case without diacritics, so "Übung" is found by "ubung" on both databases. */
export const foldForSearch = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export const findCourseById = (db: DbOrTrx, clientId: string, id: string) =>
  db.selectFrom('courses').selectAll().where('client_id', '=', clientId).where('id', '=', id).executeTakeFirst();

export const findCourseTexts = (db: DbOrTrx, clientId: string, courseIds: string[]) =>
  courseIds.length === 0
    ? Promise.resolve([] as CourseTextRow[])
    : db
        .selectFrom('course_texts')
        .selectAll()
        .where('client_id', '=', clientId)
        .where('course_id', 'in', courseIds)
        .execute();

/** How many of the client's courses name each of these certificate templates (templates none names are left out). */
export async function countCoursesByCertificateTemplate(
  db: DbOrTrx,
  clientId: string,
  templateIds: readonly string[],
): Promise<Map<string, number>> {
  if (templateIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('courses')
    .select(['certificate_template_id', sql<number>`count(*)`.as('n')])
    .where('client_id', '=', clientId)
    .where('certificate_template_id', 'in', [...templateIds])
    .groupBy('certificate_template_id')
    .execute();
  return new Map(rows.map((r) => [r.certificate_template_id ?? '', Number(r.n)]));
}

export async function insertCourse(db: DbOrTrx, row: Insertable<CoursesTable>): Promise<void> {
  await db.insertInto('courses').values(row).execute();
}

export async function updateCourse(
  db: DbOrTrx,
  clientId: string,
  id: string,
  fields: Updateable<CoursesTable>,
): Promise<void> {
  await db.updateTable('courses').set(fields).where('client_id', '=', clientId).where('id', '=', id).execute();
}

/** Replaces every locale's texts of one course. */
export async function replaceCourseTexts(
  db: DbOrTrx,
  clientId: string,
  courseId: string,
  texts: Array<{ locale: TLocale; title: string; description: string }>,
): Promise<void> {
  await db.deleteFrom('course_texts').where('client_id', '=', clientId).where('course_id', '=', courseId).execute();
  if (texts.length === 0) return;
  await db
    .insertInto('course_texts')
    .values(texts.map((t) => ({ course_id: courseId, client_id: clientId, ...t, title_sort: foldForSearch(t.title) })))
    .execute();
}

export async function deleteCourse(db: DbOrTrx, clientId: string, id: string): Promise<void> {
  await db.deleteFrom('courses').where('client_id', '=', clientId).where('id', '=', id).execute();
}

const shownTitleSort = sql.raw('coalesce(t0.title_sort, t1.title_sort, t2.title_sort)');

const sortExpression = (sort: TCourseSort) => {
  switch (sort) {
    case 'title':
      return shownTitleSort;
    case 'startDate':
      return sql.ref('c.start_date');
    case 'deadline':
      return sql.ref('c.deadline');
    case 'createdAt':
      return sql.ref('c.created_at');
    case 'active':
      return sql.ref('c.is_active');
  }
};

/** One page of a client's courses, sorted by the title the reader sees (DECISIONS "course texts" fallback). */
export async function listCourses(
  db: DbOrTrx,
  clientId: string,
  locale: TLocale,
  query: TCourseListQuery,
): Promise<{ rows: CourseListRow[]; total: number }> {
  const [l0, l1, l2] = localeFallbackOrder(locale) as [TLocale, TLocale, TLocale];
  const active = query.active === undefined ? undefined : query.active === 'true';

  let base = db.selectFrom('courses as c').where('c.client_id', '=', clientId);
  if (query.search) base = base.where(likeContains(sql.ref('c.search_text'), foldForSearch(query.search)));
  if (active !== undefined) base = base.where('c.is_active', '=', active);

  const { rows, total } = await paginate(base, query, (filtered) =>
    filtered
      .leftJoin('course_texts as t0', (j) => j.onRef('t0.course_id', '=', 'c.id').on('t0.locale', '=', l0))
      .leftJoin('course_texts as t1', (j) => j.onRef('t1.course_id', '=', 'c.id').on('t1.locale', '=', l1))
      .leftJoin('course_texts as t2', (j) => j.onRef('t2.course_id', '=', 'c.id').on('t2.locale', '=', l2))
      .selectAll('c')
      .select(sql<number>`(select count(*) from modules m where m.course_id = c.id)`.as('module_count'))
      .orderBy(sortExpression(query.sort), (ob) => (query.order === 'asc' ? ob.asc() : ob.desc()).nullsLast())
      .orderBy('c.id', query.order),
  );
  return { rows: rows.map((r) => ({ ...r, module_count: Number(r.module_count) })), total };
}
