import type { ZCourseFileBody } from '@lms/contracts/course-files';
import type { TCourseWithId } from '@lms/contracts/courses';
import type { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { port } from '../../platform/events';
import { badRequest, notFound } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import type { Actor } from '../../platform/session';
import type { Readable } from 'node:stream';
import {
  courseStorageKey,
  MIME_OF,
  moveIntoStorage,
  openFromStorage,
  removeFromStorage,
  storageKey,
} from '../../platform/storage';
import { requireFilePart, withUpload, type ReadUpload, type UploadedFile } from '../../platform/uploads';
import {
  deleteCourseFileRow,
  findCourseFileRow,
  findCourseFileRowById,
  insertCourseFileRow,
  updateCourseFileRow,
} from './course-file.repository';

type Body = z.output<typeof ZCourseFileBody>;
export type ReadCourseFileUpload = ReadUpload<Body>;

// Courses sit above their files (a course lists its files), so files ask about their course through ports.
const assertCourseExists = port('courses.assert-exists');
const loadCourse = port('courses.load');

const LOGO_TYPES = new Set(['png', 'jpeg', 'webp']);

const fileFolderKey = (clientId: string, courseId: string, fileId: string) =>
  storageKey(...courseStorageKey(clientId, courseId).split('/'), 'files', fileId);

/** Spec section 5 "course files pdf": judged by content; the logo is a PNG, JPEG or WebP graphic. */
function checkParts(pdf: UploadedFile | undefined, logo: UploadedFile | undefined): void {
  if (pdf && pdf.type !== 'pdf') badRequest('unknown_file_type', { field: 'pdf', expected: ['pdf'] });
  if (logo && !LOGO_TYPES.has(logo.type ?? '')) {
    badRequest('unknown_file_type', { field: 'logo', expected: [...LOGO_TYPES] });
  }
}

/** Stores one part under a fresh key in the file's folder, so a replacement never overwrites what rows point at. */
async function storePart(deps: AppDeps, folder: string, file: UploadedFile, suffix: string): Promise<string> {
  const key = `${folder}/${newId()}.${suffix}`;
  await moveIntoStorage(deps.config, file.path, key);
  return key;
}

export async function createCourseFile(
  deps: AppDeps,
  actor: Actor,
  courseId: string,
  readUpload: ReadCourseFileUpload,
): Promise<TCourseWithId> {
  const { clientId } = actor;
  await assertCourseExists(deps.db, clientId, courseId);
  const id = newId();
  const folder = fileFolderKey(clientId, courseId, id);
  await withUpload(readUpload, async (upload) => {
    const { data, files } = upload;
    const pdf = requireFilePart(upload, 'pdf');
    checkParts(pdf, files.logo);
    try {
      const pdfKey = await storePart(deps, folder, pdf, 'pdf');
      const logoKey = files.logo ? await storePart(deps, folder, files.logo, 'logo') : null;
      const now = nowIso();
      await insertCourseFileRow(deps.db, {
        id,
        client_id: clientId,
        course_id: courseId,
        locale: data.locale,
        file_name: data.fileName,
        pdf_key: pdfKey,
        pdf_size: pdf.size,
        logo_key: logoKey,
        logo_mime: files.logo?.type ? MIME_OF[files.logo.type] : null,
        created_at: now,
        updated_at: now,
      });
    } catch (err) {
      await removeFromStorage(deps.config, folder);
      throw err;
    }
  });
  return { course: await loadCourse(deps.db, clientId, courseId, actor.locale), id };
}

/** New texts; a `pdf` or `logo` part replaces that file, `removeLogo` drops the logo. */
export async function updateCourseFile(
  deps: AppDeps,
  actor: Actor,
  courseId: string,
  id: string,
  readUpload: ReadCourseFileUpload,
): Promise<TCourseWithId> {
  const { clientId } = actor;
  const current = (await findCourseFileRow(deps.db, clientId, courseId, id)) ?? notFound('course_file');
  const folder = fileFolderKey(clientId, courseId, id);
  await withUpload(readUpload, async ({ data, files }) => {
    checkParts(files.pdf, files.logo);
    const written: string[] = [];
    try {
      const pdfKey = files.pdf ? await storePart(deps, folder, files.pdf, 'pdf') : undefined;
      if (pdfKey) written.push(pdfKey);
      const logoKey = files.logo ? await storePart(deps, folder, files.logo, 'logo') : undefined;
      if (logoKey) written.push(logoKey);
      const dropLogo = data.removeLogo && !logoKey;
      await updateCourseFileRow(deps.db, clientId, id, {
        locale: data.locale,
        file_name: data.fileName,
        ...(pdfKey && files.pdf ? { pdf_key: pdfKey, pdf_size: files.pdf.size } : {}),
        ...(logoKey && files.logo?.type ? { logo_key: logoKey, logo_mime: MIME_OF[files.logo.type] } : {}),
        ...(dropLogo ? { logo_key: null, logo_mime: null } : {}),
        updated_at: nowIso(),
      });
      const replaced = [
        pdfKey ? current.pdf_key : undefined,
        (logoKey || dropLogo) && current.logo_key ? current.logo_key : undefined,
      ];
      for (const key of replaced) if (key) await removeFromStorage(deps.config, key);
    } catch (err) {
      for (const key of written) await removeFromStorage(deps.config, key);
      throw err;
    }
  });
  return { course: await loadCourse(deps.db, clientId, courseId, actor.locale), id };
}

export async function deleteCourseFile(deps: AppDeps, actor: Actor, courseId: string, id: string): Promise<void> {
  if (!(await findCourseFileRow(deps.db, actor.clientId, courseId, id))) notFound('course_file');
  await deleteCourseFileRow(deps.db, actor.clientId, id);
  await removeFromStorage(deps.config, fileFolderKey(actor.clientId, courseId, id));
}

/** The stored PDF or logo for the content screens (the learner's download comes with the documents issue). */
export async function findCourseFileContent(
  deps: AppDeps,
  actor: Actor,
  courseId: string,
  id: string,
  part: 'pdf' | 'logo',
): Promise<{ stream: Readable; size: number; mime: string; fileName: string }> {
  const row = (await findCourseFileRow(deps.db, actor.clientId, courseId, id)) ?? notFound('course_file');
  const key = part === 'pdf' ? row.pdf_key : row.logo_key;
  if (!key) return notFound('logo');
  const file = (await openFromStorage(deps.config, key)) ?? notFound(part === 'pdf' ? 'course_file' : 'logo');
  return {
    ...file,
    mime: part === 'pdf' ? 'application/pdf' : (row.logo_mime ?? 'application/octet-stream'),
    fileName: part === 'pdf' ? row.file_name : `logo`,
  };
}

/**
 * A course file's stored PDF by its id alone, for the learner's download (the documents feature decides whether the
 * file's course is one of the reader's); another client's file is not found.
 */
export async function findCourseFileForDownload(
  deps: AppDeps,
  clientId: string,
  id: string,
): Promise<{ courseId: string; key: string; size: number; fileName: string } | undefined> {
  const row = await findCourseFileRowById(deps.db, clientId, id);
  if (!row) return undefined;
  return {
    courseId: row.course_id,
    key: row.pdf_key,
    size: Number(row.pdf_size),
    fileName: row.file_name,
  };
}
