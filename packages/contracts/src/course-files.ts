import { z } from 'zod';
import { ZId, ZLocale } from './common';

export const COURSE_FILE_NAME_MAX = 200;
/** The logo graphic beside a course file (PNG, JPEG or WebP, recognised by content). */
export const COURSE_FILE_LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const COURSE_FILE_LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/**
 * The `data` field of the multipart upload (`POST /courses/{courseId}/files[/{id}]`) beside the `pdf` and `logo`
 * parts. The file name is what the learner's download is called, so it may not hold path or control characters.
 */
export const ZCourseFileBody = z.object({
  locale: ZLocale,
  fileName: z
    .string()
    .trim()
    .min(1)
    .max(COURSE_FILE_NAME_MAX)
    // A pattern rather than a refine, so that the OpenAPI document says it too.
    // eslint-disable-next-line no-control-regex
    .regex(/^[^/\\\u0000-\u001f\u007f]*$/, { message: 'no path or control characters' }),
  /** On update: true drops the current logo (a new `logo` part replaces it anyway). */
  removeLogo: z.boolean().default(false),
});
export type TCourseFileBody = z.input<typeof ZCourseFileBody>;

/** Spec section 3 "Course file": file name, locale, pdf file, logo graphic. */
export const ZCourseFile = z.object({
  id: ZId,
  courseId: ZId,
  locale: ZLocale,
  fileName: z.string(),
  pdfSize: z.number().int(),
  hasLogo: z.boolean(),
  logoMime: z.enum(COURSE_FILE_LOGO_TYPES).nullable(),
  updatedAt: z.string(),
});
export type TCourseFile = z.infer<typeof ZCourseFile>;
