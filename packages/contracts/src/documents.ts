import { z } from 'zod';
import { ZId, ZIsoDateTime, ZLocale, ZPageQuery, pageOf } from './common';
import { ZValidityState } from './validity';

// Spec section 2 "Documents": my downloads (the course files of my trainings), my certificates (certificates.ts),
// all certificates of the users a coordinator may see, and the download workaround for framed content.

/** One course file the learner may download (GET /api/documents/{fileId}/download). */
export const ZMyDocumentFile = z.object({
  id: ZId,
  fileName: z.string(),
  locale: ZLocale,
  size: z.number().int(),
  updatedAt: ZIsoDateTime,
});
export type TMyDocumentFile = z.infer<typeof ZMyDocumentFile>;

/**
 * GET /api/documents: per assigned training with files, its course and the files in the reader's locale
 * (DECISIONS "course texts": mine, else en-US, else de-DE; files of other languages are left out then).
 */
export const ZMyDocumentGroup = z.object({
  trainingId: ZId,
  courseId: ZId,
  courseTitle: z.string(),
  files: z.array(ZMyDocumentFile),
});
export type TMyDocumentGroup = z.infer<typeof ZMyDocumentGroup>;

export const ZMyDocuments = z.object({ items: z.array(ZMyDocumentGroup) });
export type TMyDocuments = z.infer<typeof ZMyDocuments>;

export const ZDocumentFileParams = z.object({ fileId: ZId });

/**
 * The kinds of file the download workaround serves (GET /api/documents/file?type=&id=). Any other `type` is a file
 * the app does not serve: 400 `unknown_file_type` (spec section 8 "unknown file type (open only from the app)").
 */
export const DOCUMENT_FILE_TYPES = ['course-file', 'certificate'] as const;
export type TDocumentFileType = (typeof DOCUMENT_FILE_TYPES)[number];
export const ZDocumentFileQuery = z.object({
  type: z.string().trim().min(1).max(50),
  id: ZId,
});
export type TDocumentFileQuery = z.infer<typeof ZDocumentFileQuery>;

/** GET /api/users/allDocuments: the certificates of every user in the reader's scope. */
export const ALL_DOCUMENT_SORTS = ['userName', 'courseTitle', 'issuedAt'] as const;
export const ZAllDocumentSort = z.enum(ALL_DOCUMENT_SORTS);
export type TAllDocumentSort = z.infer<typeof ZAllDocumentSort>;

/** `search` matches the user's name, e-mail, username or personnel number, or the course title. */
export const ZAllDocumentsQuery = ZPageQuery.extend({ sort: ZAllDocumentSort.default('issuedAt') });
export type TAllDocumentsQuery = z.infer<typeof ZAllDocumentsQuery>;
export type TAllDocumentsParams = z.input<typeof ZAllDocumentsQuery>;

/** One certificate; `id` is the certificate's, downloaded with GET /api/course-certificate/{id}/download. */
export const ZAllDocument = z.object({
  id: ZId,
  kind: z.literal('certificate'),
  userId: ZId,
  userName: z.string(),
  email: z.string().nullable(),
  trainingId: ZId,
  courseId: ZId,
  /** In the reader's locale. */
  courseTitle: z.string(),
  locale: ZLocale,
  issuedAt: ZIsoDateTime,
  regeneratedAt: ZIsoDateTime.nullable(),
  /** Issue 30 point 2: when its current code was withdrawn (it then verifies as withdrawn); null: it is not. */
  withdrawnAt: ZIsoDateTime.nullable(),
  /** Issue 30 point 1: the training's cycle it certifies, and until when it holds (null: without end). */
  cycle: z.number().int(),
  validUntil: ZIsoDateTime.nullable(),
  validity: ZValidityState.nullable(),
});
export type TAllDocument = z.infer<typeof ZAllDocument>;

export const ZAllDocumentsPage = pageOf(ZAllDocument);
export type TAllDocumentsPage = z.infer<typeof ZAllDocumentsPage>;
