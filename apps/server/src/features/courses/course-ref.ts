import type { DbOrTrx, Dialect } from '../../db/database';
import { conflict, notFound } from '../../platform/errors';
import { storageKey } from '../../platform/storage';
import { findCourseById } from './course.repository';
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
export async function assertCourseNotInUse(
  db: DbOrTrx,
  dialect: Dialect,
  clientId: string,
  courseId: string,
): Promise<void> {
  if (await isCourseUsedByTraining(db, dialect, clientId, courseId)) conflict('course_in_use');
}
