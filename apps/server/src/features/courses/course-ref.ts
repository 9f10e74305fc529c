import type { TLocale } from '@lms/contracts/constants';
import { pickLocalized } from '@lms/contracts/modules';
import type { DbOrTrx } from '../../db/database';
import { conflict, notFound } from '../../platform/errors';
import { countCoursesByCertificateTemplate, findCourseById, findCourseTexts } from './course.repository';

/** How course titles are folded for search, for others that search them (the trainings list). */
export { foldForSearch } from './course.repository';
import { isCourseUsedByTraining } from './course-usage.repository';

// What others ask of a course, kept apart from course.service. The modules and course-files features sit below
// courses (courses list their modules and files); they ask through ports (features/wiring.ts).

export { courseStorageKey } from '../../platform/storage';

/** A course of the client, or 404 (another client's course is not found either; ARCHITECTURE section 4). */
export async function assertCourseExists(db: DbOrTrx, clientId: string, courseId: string): Promise<void> {
  if (!(await findCourseById(db, clientId, courseId))) notFound('course');
}

/** Modules of a course a training uses stay, so learners' progress keeps its module (spec section 5). */
export async function assertCourseNotInUse(db: DbOrTrx, clientId: string, courseId: string): Promise<void> {
  if (await isCourseUsedByTraining(db, clientId, courseId)) conflict('course_in_use');
}

/** The titles of courses of the client in the reader's locale (DECISIONS "course texts"), for lists of others. */
export async function courseTitlesOf(
  db: DbOrTrx,
  clientId: string,
  courseIds: readonly string[],
  locale: TLocale,
): Promise<Map<string, string>> {
  const byCourse = new Map<string, Partial<Record<TLocale, string>>>();
  const ids = [...new Set(courseIds)];
  for (let i = 0; i < ids.length; i += 500) {
    for (const row of await findCourseTexts(db, clientId, ids.slice(i, i + 500))) {
      byCourse.set(row.course_id, { ...byCourse.get(row.course_id), [row.locale]: row.title });
    }
  }
  return new Map(ids.map((id) => [id, pickLocalized(byCourse.get(id) ?? {}, locale) ?? '']));
}

/** How many courses name each certificate template: a template in use is not deleted (certificates feature). */
export const coursesUsingCertificateTemplates = (db: DbOrTrx, clientId: string, templateIds: readonly string[]) =>
  countCoursesByCertificateTemplate(db, clientId, templateIds);
