import type { TLocale } from '@lms/contracts/constants';
import type { TCourse } from '@lms/contracts/courses';
import type { DbOrTrx } from '../../db/database';
import { listModulesOfCourses } from '../modules';
import { findCoursesByIds } from './course-batch.repository';
import { textsByLocale, presentCourse } from './course.presenter';
import { findCourseTexts, type CourseTextRow } from './course.repository';

/**
 * Courses with their modules in the reader's locale, by id, in four queries however many there are: a page that
 * shows many courses (the learner's dashboard) must not cost queries per course. Files are left out (empty).
 */
export async function loadCoursesById(
  db: DbOrTrx,
  clientId: string,
  ids: readonly string[],
  locale: TLocale,
): Promise<Map<string, TCourse>> {
  const unique = [...new Set(ids)];
  const [rows, texts, modules] = await Promise.all([
    findCoursesByIds(db, clientId, unique),
    findCourseTexts(db, clientId, unique),
    listModulesOfCourses(db, clientId, unique, locale),
  ]);
  const textsOf = new Map<string, CourseTextRow[]>();
  for (const t of texts) textsOf.set(t.course_id, [...(textsOf.get(t.course_id) ?? []), t]);
  return new Map(
    rows.map((row) => [
      row.id,
      presentCourse(row, textsByLocale(textsOf.get(row.id) ?? []), modules.get(row.id) ?? [], [], locale),
    ]),
  );
}
