import type { TLocale } from '@lms/contracts/constants';
import { pickLocalized } from '@lms/contracts/modules';
import type { DbOrTrx } from '../../db/database';
import { conflict, notFound } from '../../platform/errors';
import { storageKey } from '../../platform/storage';
import { countCoursesByCertificateTemplate, findCourseById, findCourseTexts } from './course.repository';

/** How course titles are folded for search, for others that search them (the trainings list). */
export { foldForSearch } from './course.repository';
import { isCourseUsedByTraining } from './course-usage.repository';

// What the modules and course-files features ask of a course, kept apart from course.service so that service can
// in turn list their modules and files without an import cycle.

/** Every stored file of a course lives under this key, so deleting the course removes them at once. */
export const courseStorageKey = (clientId: string, courseId: string): string =>
  storageKey(clientId, 'courses', courseId);

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
