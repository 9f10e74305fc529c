import type { Readable } from 'node:stream';
import type { TLocale } from '@lms/contracts/constants';
import type { TCourseFile } from '@lms/contracts/course-files';
import {
  DOCUMENT_FILE_TYPES,
  type TAllDocumentsPage,
  type TAllDocumentsQuery,
  type TDocumentFileQuery,
  type TDocumentFileType,
  type TMyDocuments,
} from '@lms/contracts/documents';
import { localeFallbackOrder } from '@lms/contracts/modules';
import type { AppDeps } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { nowIso } from '../../platform/ids';
import { openFromStorage } from '../../platform/storage';
import type { Actor } from '../../platform/session';
import { listFilesOfCourses, findCourseFileForDownload } from '../course-files';
import { certificateValidity, listMyTrainings } from '../trainings';
import { resolveUserScope } from '../users';
import { listAllDocumentsPage } from './all-documents.repository';

// Spec section 2 "Documents": the learner's downloads (the course files of their assigned trainings), the
// coordinators' list of all certificates in their scope, and the file lookup of the download workaround.

/** A file the documents routes stream: its bytes, size, download name and type. */
export interface DocumentFile {
  stream: Readable;
  size: number;
  fileName: string;
  contentType: string;
}

/**
 * DECISIONS "course texts" for files: of a course's files, those of the first locale in the order mine, en-US,
 * de-DE (then any other) that has files; a file in another language is not shown when one in mine exists.
 */
export function filesInReaderLocale(files: readonly TCourseFile[], locale: TLocale): TCourseFile[] {
  for (const l of localeFallbackOrder(locale)) {
    const mine = files.filter((f) => f.locale === l);
    if (mine.length > 0) return mine;
  }
  return [];
}

/** GET /api/documents: per assigned training (in the dashboard's order), its course's files in my locale. */
export async function listMyDocuments(deps: AppDeps, actor: Actor): Promise<TMyDocuments> {
  const trainings = (await listMyTrainings(deps, actor)).items;
  const files = await listFilesOfCourses(
    deps.db,
    actor.clientId,
    trainings.map((t) => t.courseId),
  );
  const items: TMyDocuments['items'] = [];
  for (const training of trainings) {
    const shown = filesInReaderLocale(
      files.filter((f) => f.courseId === training.courseId),
      actor.locale,
    );
    if (shown.length === 0) continue;
    items.push({
      trainingId: training.id,
      courseId: training.courseId,
      courseTitle: training.title,
      files: shown.map((f) => ({
        id: f.id,
        fileName: f.fileName,
        locale: f.locale,
        size: f.pdfSize,
        updatedAt: f.updatedAt,
      })),
    });
  }
  return { items };
}

/** The download name: the file name the content team gave it, with `.pdf` added when it lacks it. */
const pdfName = (name: string): string => (/\.pdf$/i.test(name) ? name : `${name}.pdf`);

/**
 * GET /api/documents/{fileId}/download: a course file of a course of one of my assigned trainings (any of its
 * locales); any other file, of this client or another, is not found.
 */
export async function openMyCourseFile(deps: AppDeps, actor: Actor, fileId: string): Promise<DocumentFile> {
  const file = (await findCourseFileForDownload(deps, actor.clientId, fileId)) ?? notFound('course_file');
  const trainings = (await listMyTrainings(deps, actor)).items;
  if (!trainings.some((t) => t.courseId === file.courseId)) notFound('course_file');
  // The row may outlive its file only through a storage fault; that is a missing file, not a server error.
  const stored = (await openFromStorage(deps.config, file.key)) ?? notFound('course_file');
  return { ...stored, fileName: pdfName(file.fileName), contentType: 'application/pdf' };
}

const isServedType = (type: string): type is TDocumentFileType =>
  (DOCUMENT_FILE_TYPES as readonly string[]).includes(type);

/**
 * GET /api/documents/file?type=&id=, for the download workaround page: the file of a kind the app serves, with the
 * same rules as its own download; any other kind is 400 `unknown_file_type` (spec section 8).
 */
export function documentFileTarget(query: TDocumentFileQuery): { type: TDocumentFileType; id: string } {
  if (!isServedType(query.type)) badRequest('unknown_file_type', { field: 'type', expected: [...DOCUMENT_FILE_TYPES] });
  return { type: query.type as TDocumentFileType, id: query.id };
}

/** GET /api/users/allDocuments: the certificates of the users in my scope (PERMISSIONS.md "Scopes"). */
export async function listAllDocuments(
  deps: AppDeps,
  actor: Actor,
  query: TAllDocumentsQuery,
): Promise<TAllDocumentsPage> {
  const scope = await resolveUserScope(deps, actor);
  const { rows, total, totalCapped } = await listAllDocumentsPage(deps.db, scope, actor.locale, query);
  const now = nowIso();
  return {
    items: rows.map((r) => ({
      id: r.id,
      kind: 'certificate' as const,
      userId: r.user_id,
      userName: `${r.first_name} ${r.last_name}`.trim(),
      email: r.email,
      trainingId: r.training_id,
      courseId: r.course_id,
      courseTitle: r.course_title ?? '',
      locale: r.locale as TLocale,
      issuedAt: r.issued_at,
      regeneratedAt: r.regenerated_at,
      withdrawnAt: r.withdrawn_at,
      cycle: r.cycle,
      validUntil: r.valid_until,
      validity: certificateValidity(
        r.valid_until,
        { validUntil: r.participant_valid_until, renewalOpensAt: r.participant_renewal_opens_at },
        now,
      ),
    })),
    total,
    totalCapped,
    page: query.page,
    pageSize: query.pageSize,
  };
}
