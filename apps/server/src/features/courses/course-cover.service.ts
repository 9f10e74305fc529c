import { readFile } from 'node:fs/promises';
import { COVER_HEIGHT, COVER_WIDTH, type TCourse } from '@lms/contracts/courses';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { AppDeps } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import type { Actor } from '../../platform/session';
import type { DbOrTrx } from '../../db/database';
import { removeFromStorage, storageKey, writeToStorage, type StorageConfig } from '../../platform/storage';
import { requireFilePart, withUpload, type ReadUpload } from '../../platform/uploads';
import { coverVersionOf } from './course-cover-url';
import { courseStorageKey } from './course-ref';
import { findCourseById, updateCourse as updateCourseRow } from './course.repository';
import { loadCourse } from './course.service';

// Issue 32 point 3, course covers. The web app crops to 16:9 before it uploads; the server decides all the same:
// the bytes must be PNG, JPEG or WebP (file-type reads them, the name and the declared type count for nothing), and
// what is kept is a WebP of COVER_WIDTH x COVER_HEIGHT made by sharp, cut to 16:9 from the middle where the upload
// has another ratio, its EXIF orientation applied and its metadata dropped.

const ACCEPTED = new Set(['png', 'jpg', 'webp']);
/** Decompression bombs are refused by pixel count before sharp decodes them (24 megapixels: a 6000 x 4000 photo). */
const MAX_INPUT_PIXELS = 24_000_000;

const refuse = (detected: string | null): never =>
  badRequest('unknown_file_type', { field: 'file', expected: ['png', 'jpeg', 'webp'], detected });

/** The upload's bytes as the stored cover: a 16:9 WebP of a bounded size (400 when they are no such picture). */
export async function coverWebp(bytes: Buffer): Promise<Buffer> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ACCEPTED.has(type.ext)) return refuse(type?.ext ?? null);
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(COVER_WIDTH, COVER_HEIGHT, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // A truncated file, or one over the pixel bound: it starts like a picture, but is none sharp will make.
    return refuse(type.ext);
  }
}

/** Where a course's cover lives: under the course's key, so deleting the course removes it with its modules. */
const coverKey = (clientId: string, courseId: string) =>
  storageKey(...courseStorageKey(clientId, courseId).split('/'), `cover-${newId()}.webp`);

/** Stores a cover made from bytes (the upload, or the demo's drawing) and points the course at it. */
export async function storeCourseCover(
  deps: { db: DbOrTrx; config: StorageConfig },
  clientId: string,
  courseId: string,
  bytes: Buffer,
): Promise<void> {
  const before = (await findCourseById(deps.db, clientId, courseId)) ?? notFound('course');
  const webp = await coverWebp(bytes);
  const key = coverKey(clientId, courseId);
  await writeToStorage(deps.config, key, webp);
  try {
    await updateCourseRow(deps.db, clientId, courseId, { cover_key: key, updated_at: nowIso() });
  } catch (err) {
    await removeFromStorage(deps.config, key);
    throw err;
  }
  if (before.cover_key) await removeFromStorage(deps.config, before.cover_key);
}

/** POST /api/courses/{id}/cover: the file part `file`; read only once the course is known to be the client's. */
export async function uploadCourseCover(
  deps: AppDeps,
  actor: Actor,
  courseId: string,
  readUpload: ReadUpload<unknown>,
): Promise<TCourse> {
  if (!(await findCourseById(deps.db, actor.clientId, courseId))) notFound('course');
  await withUpload(readUpload, async (upload) => {
    const file = requireFilePart(upload, 'file');
    await storeCourseCover(deps, actor.clientId, courseId, await readFile(file.path));
  });
  return loadCourse(deps.db, actor.clientId, courseId, actor.locale);
}

/** DELETE /api/courses/{id}/cover: back to the generated pattern. */
export async function removeCourseCover(deps: AppDeps, actor: Actor, courseId: string): Promise<TCourse> {
  const before = (await findCourseById(deps.db, actor.clientId, courseId)) ?? notFound('course');
  if (before.cover_key) {
    await updateCourseRow(deps.db, actor.clientId, courseId, { cover_key: null, updated_at: nowIso() });
    await removeFromStorage(deps.config, before.cover_key);
  }
  return loadCourse(deps.db, actor.clientId, courseId, actor.locale);
}

/**
 * GET /api/courses/{id}/cover/{version}: the stored key of the host's client's course while that version is its
 * cover; a course of another client, an old version or none: 404.
 */
export async function findCourseCoverKey(deps: AppDeps, clientId: string, courseId: string, version: string) {
  const row = await findCourseById(deps.db, clientId, courseId);
  if (!row?.cover_key || coverVersionOf(row.cover_key) !== version) return notFound('cover');
  return row.cover_key;
}
