import type { Insertable, Selectable, Updateable } from 'kysely';
import type { CourseFilesTable, DbOrTrx } from '../../db/database';

export type CourseFileRow = Selectable<CourseFilesTable>;

export const listCourseFileRows = (db: DbOrTrx, clientId: string, courseId: string) =>
  db
    .selectFrom('course_files')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('course_id', '=', courseId)
    .orderBy('locale')
    .orderBy('file_name')
    .orderBy('id')
    .execute();

export const findCourseFileRow = (db: DbOrTrx, clientId: string, courseId: string, id: string) =>
  db
    .selectFrom('course_files')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('course_id', '=', courseId)
    .where('id', '=', id)
    .executeTakeFirst();

export async function insertCourseFileRow(db: DbOrTrx, row: Insertable<CourseFilesTable>): Promise<void> {
  await db.insertInto('course_files').values(row).execute();
}

export async function updateCourseFileRow(
  db: DbOrTrx,
  clientId: string,
  id: string,
  fields: Updateable<CourseFilesTable>,
): Promise<void> {
  await db.updateTable('course_files').set(fields).where('client_id', '=', clientId).where('id', '=', id).execute();
}

export async function deleteCourseFileRow(db: DbOrTrx, clientId: string, id: string): Promise<void> {
  await db.deleteFrom('course_files').where('client_id', '=', clientId).where('id', '=', id).execute();
}

/** The files of several courses of the client (the learner's downloads), by course, locale and name. */
export const listCourseFileRowsOfCourses = (db: DbOrTrx, clientId: string, courseIds: readonly string[]) =>
  courseIds.length === 0
    ? Promise.resolve([] as CourseFileRow[])
    : db
        .selectFrom('course_files')
        .selectAll()
        .where('client_id', '=', clientId)
        .where('course_id', 'in', [...courseIds])
        .orderBy('course_id')
        .orderBy('locale')
        .orderBy('file_name')
        .orderBy('id')
        .execute();

export const findCourseFileRowById = (db: DbOrTrx, clientId: string, id: string) =>
  db.selectFrom('course_files').selectAll().where('client_id', '=', clientId).where('id', '=', id).executeTakeFirst();
