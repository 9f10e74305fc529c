import type { TLocale } from '@lms/contracts/constants';
import type { TCourseFile } from '@lms/contracts/course-files';
import type { COURSE_FILE_LOGO_TYPES } from '@lms/contracts/course-files';
import type { DbOrTrx } from '../../db/database';
import { listCourseFileRows, listCourseFileRowsOfCourses, type CourseFileRow } from './course-file.repository';

// Kept apart from course-file.service so the course service can list files without an import cycle.

type LogoMime = (typeof COURSE_FILE_LOGO_TYPES)[number];

export function presentCourseFile(row: CourseFileRow): TCourseFile {
  return {
    id: row.id,
    courseId: row.course_id,
    locale: row.locale as TLocale,
    fileName: row.file_name,
    pdfSize: Number(row.pdf_size),
    hasLogo: row.logo_key !== null,
    logoMime: row.logo_key ? (row.logo_mime as LogoMime) : null,
    updatedAt: row.updated_at,
  };
}

export async function listCourseFiles(db: DbOrTrx, clientId: string, courseId: string): Promise<TCourseFile[]> {
  return (await listCourseFileRows(db, clientId, courseId)).map(presentCourseFile);
}

/** The files of the given courses of the client, for the learner's downloads (the documents feature). */
export async function listFilesOfCourses(
  db: DbOrTrx,
  clientId: string,
  courseIds: readonly string[],
): Promise<TCourseFile[]> {
  const out: TCourseFile[] = [];
  const ids = [...new Set(courseIds)];
  for (let i = 0; i < ids.length; i += 500) {
    out.push(...(await listCourseFileRowsOfCourses(db, clientId, ids.slice(i, i + 500))).map(presentCourseFile));
  }
  return out;
}
