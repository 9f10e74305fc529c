import { z } from 'zod';
import { ZId, ZIsoDate, ZLocale, ZPageQuery, pageOf } from './common';
import { LOCALES } from './constants';
import { ZCourseFile } from './course-files';
import { ZModule } from './modules';
import { NO_VALIDITY, ZValidity } from './validity';

/** Columns the course list sorts by (server-side; DECISIONS "table paging"). */
export const COURSE_SORTS = ['title', 'startDate', 'deadline', 'createdAt', 'active'] as const;
export const ZCourseSort = z.enum(COURSE_SORTS);
export type TCourseSort = z.infer<typeof ZCourseSort>;

export const COURSE_TITLE_MAX = 200;
export const COURSE_DESCRIPTION_MAX = 10_000;

/** One locale's texts (spec section 3 "Course": i18n sub-entries keyed by locale). */
export const ZCourseText = z.object({
  title: z.string().trim().min(1).max(COURSE_TITLE_MAX),
  description: z.string().max(COURSE_DESCRIPTION_MAX).default(''),
});
export type TCourseText = z.infer<typeof ZCourseText>;

export const ZCourseI18n = z
  .partialRecord(ZLocale, ZCourseText)
  .refine((texts) => LOCALES.some((l) => texts[l] !== undefined), { message: 'at least one locale needs a title' });
export type TCourseI18n = z.infer<typeof ZCourseI18n>;

/** DECISIONS "automatic reminders": between `from` and `until`, every `intervalDays` days. */
export const ZReminderSettings = z.object({
  active: z.boolean(),
  from: ZIsoDate.nullable(),
  until: ZIsoDate.nullable(),
  intervalDays: z.number().int().min(1).max(365).nullable(),
});
export type TReminderSettings = z.infer<typeof ZReminderSettings>;

const NO_REMINDERS: TReminderSettings = { active: false, from: null, until: null, intervalDays: null };

/** Create and update take the whole course (the edit screen always sends every field). */
export const ZCourseBody = z
  .object({
    i18n: ZCourseI18n,
    startDate: ZIsoDate.nullable().default(null),
    deadline: ZIsoDate.nullable().default(null),
    durationMinutes: z.number().int().min(0).max(1_000_000).nullable().default(null),
    /** DECISIONS "required modules": none listed means all are required. */
    requiredModuleIds: z.array(ZId).max(1_000).default([]),
    certificateTemplateId: ZId.nullable().default(null),
    invitationMailTemplateId: ZId.nullable().default(null),
    reminderMailTemplateId: ZId.nullable().default(null),
    invitationEnabled: z.boolean().default(false),
    reminder: ZReminderSettings.default(NO_REMINDERS),
    invoiceProductId: z.string().trim().max(100).nullable().default(null),
    active: z.boolean().default(true),
    premium: z.boolean().default(false),
    /** Issue 30 point 1; a change recomputes the dates of the trainings that follow the course (a job). */
    validity: ZValidity.default(NO_VALIDITY),
  })
  .superRefine((body, ctx) => {
    if (body.startDate && body.deadline && body.deadline < body.startDate)
      ctx.addIssue({ code: 'custom', path: ['deadline'], message: 'deadline before start date' });
    const r = body.reminder;
    if (r.from && r.until && r.until < r.from)
      ctx.addIssue({ code: 'custom', path: ['reminder', 'until'], message: 'until before from' });
    if (r.active && r.intervalDays === null)
      ctx.addIssue({
        code: 'custom',
        path: ['reminder', 'intervalDays'],
        message: 'required when reminders are active',
      });
  });
export type TCourseBody = z.input<typeof ZCourseBody>;
export type TCourseBodyParsed = z.output<typeof ZCourseBody>;

/** A row of the course list; title and description in the reader's locale with the DECISIONS fallback. */
export const ZCourseSummary = z.object({
  id: ZId,
  title: z.string(),
  description: z.string(),
  locales: z.array(ZLocale),
  startDate: ZIsoDate.nullable(),
  deadline: ZIsoDate.nullable(),
  active: z.boolean(),
  premium: z.boolean(),
  moduleCount: z.number().int(),
  /** Issue 32 point 3: the cover picture's URL (a new one per upload); null: the web app draws the course's pattern. */
  coverUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TCourseSummary = z.infer<typeof ZCourseSummary>;

export const ZCourse = ZCourseSummary.extend({
  i18n: z.partialRecord(ZLocale, z.object({ title: z.string(), description: z.string() })),
  durationMinutes: z.number().int().nullable(),
  requiredModuleIds: z.array(ZId),
  certificateTemplateId: ZId.nullable(),
  invitationMailTemplateId: ZId.nullable(),
  reminderMailTemplateId: ZId.nullable(),
  invitationEnabled: z.boolean(),
  reminder: ZReminderSettings,
  invoiceProductId: z.string().nullable(),
  validity: ZValidity,
  modules: z.array(ZModule),
  files: z.array(ZCourseFile),
});
export type TCourse = z.infer<typeof ZCourse>;

/**
 * A course's cover (issue 32 point 3): PNG, JPEG or WebP of at most COVER_MAX_BYTES, stored as a WebP of
 * COVER_WIDTH x COVER_HEIGHT (16:9, cut to that ratio where the upload has another).
 */
export const COVER_MAX_BYTES = 5 * 1024 * 1024;
export const COVER_WIDTH = 1280;
export const COVER_HEIGHT = 720;
/** `GET /api/courses/{id}/cover/{version}`: the version is the stored cover's own id, so the URL changes with it. */
export const ZCoverParams = z.object({ id: ZId, version: ZId });

export const ZCourseListQuery = ZPageQuery.extend({
  sort: ZCourseSort.default('title'),
  active: z.enum(['true', 'false']).optional(),
});
export type TCourseListQuery = z.infer<typeof ZCourseListQuery>;
export const ZCoursePage = pageOf(ZCourseSummary);
export type TCoursePage = z.infer<typeof ZCoursePage>;

export const ZCourseIdParams = z.object({ courseId: ZId });
export const ZCourseChildParams = z.object({ courseId: ZId, id: ZId });

/** Spec section 7: the course-file calls answer the course and the id of the file they wrote. */
export const ZCourseWithId = z.object({ course: ZCourse, id: ZId });
export type TCourseWithId = z.infer<typeof ZCourseWithId>;
