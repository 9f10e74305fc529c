import { z } from 'zod';
import { ZExportQuery } from './exports';
import { ZId, ZIsoDate, ZPageQuery, pageOf } from './common';
import { ZModuleKind } from './modules';
import { ZModuleStatus, ZSuccessStatus } from './scorm-runtime';
import { ZValidity, ZValidityState } from './validity';

// Trainings (spec sections 3 and 7; DECISIONS "Courses, trainings, status"): a course of the client assigned to
// groups and to individual users, with per-user training status and per-user module values.

/**
 * DECISIONS "training status per user". OPTIONAL: marked by a coordinator as not obliged. EXPIRED (issue 30 point
 * 1): the validity of the last completion ended before the person completed the renewal cycle.
 */
export const TRAINING_STATUSES = ['PENDING', 'STARTED', 'COMPLETED', 'OPTIONAL', 'EXPIRED'] as const;
export const ZTrainingStatus = z.enum(TRAINING_STATUSES);
export type TTrainingStatus = z.infer<typeof ZTrainingStatus>;

// ---------------------------------------------------------------------------------------------------------------
// Coordination: /api/course-training (CRUD) and its participants
// ---------------------------------------------------------------------------------------------------------------

export const TRAINING_SORTS = ['courseTitle', 'startDate', 'deadline', 'participantCount', 'createdAt'] as const;
export const ZTrainingSort = z.enum(TRAINING_SORTS);
export type TTrainingSort = z.infer<typeof ZTrainingSort>;

/** `search` matches the course title (any locale, case and accents ignored). */
export const ZTrainingListQuery = ZPageQuery.extend({
  sort: ZTrainingSort.default('courseTitle'),
  courseId: ZId.optional(),
  groupId: ZId.optional(),
});
export type TTrainingListQuery = z.infer<typeof ZTrainingListQuery>;

/** How many assigned participants are in each status (OPTIONAL ones are not counted as missing). */
export const ZTrainingCounts = z.object({
  participants: z.number().int(),
  pending: z.number().int(),
  started: z.number().int(),
  completed: z.number().int(),
  optional: z.number().int(),
  expired: z.number().int(),
});
export type TTrainingCounts = z.infer<typeof ZTrainingCounts>;

export const ZTrainingGroup = z.object({ id: ZId, name: z.string() });
export const ZTrainingPerson = z.object({ id: ZId, name: z.string(), email: z.string().nullable() });
export type TTrainingPerson = z.infer<typeof ZTrainingPerson>;

/** A row of the trainings table. For a coordinator, counts cover only the users of the groups they coordinate. */
export const ZTrainingSummary = z.object({
  id: ZId,
  courseId: ZId,
  /** In the reader's locale (DECISIONS "course texts"). */
  courseTitle: z.string(),
  courseActive: z.boolean(),
  groups: z.array(ZTrainingGroup),
  directUserCount: z.number().int(),
  /** The training's own dates; null: the course's date applies. */
  startDate: ZIsoDate.nullable(),
  deadline: ZIsoDate.nullable(),
  /** What applies: the training's own date, else the course's. */
  effectiveStartDate: ZIsoDate.nullable(),
  effectiveDeadline: ZIsoDate.nullable(),
  /** The training's own validity; null: the course's applies. */
  validity: ZValidity.nullable(),
  effectiveValidity: ZValidity,
  counts: ZTrainingCounts,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TTrainingSummary = z.infer<typeof ZTrainingSummary>;

export const ZTrainingPage = pageOf(ZTrainingSummary);
export type TTrainingPage = z.infer<typeof ZTrainingPage>;

/** The edit drawer: the individually added users too (a coordinator sees only those in their scope). */
export const ZTraining = ZTrainingSummary.extend({ directUsers: z.array(ZTrainingPerson) });
export type TTraining = z.infer<typeof ZTraining>;

const datesInOrder = (body: { startDate?: string | null; deadline?: string | null }, ctx: z.RefinementCtx) => {
  if (body.startDate && body.deadline && body.deadline < body.startDate)
    ctx.addIssue({ code: 'custom', path: ['deadline'], message: 'deadline before start date' });
};

/**
 * `POST /api/course-training`. A coordinator must name at least one group they coordinate, and may name only those
 * groups and their members (400 `group_required`, 404 otherwise).
 */
export const ZCreateTrainingBody = z
  .object({
    courseId: ZId,
    groupIds: z.array(ZId).max(1_000).default([]),
    userIds: z.array(ZId).max(100_000).default([]),
    startDate: ZIsoDate.nullable().default(null),
    deadline: ZIsoDate.nullable().default(null),
    /** null: the course's validity applies. */
    validity: ZValidity.nullable().default(null),
  })
  .superRefine(datesInOrder);
export type TCreateTrainingBody = z.input<typeof ZCreateTrainingBody>;
export type TCreateTrainingBodyParsed = z.output<typeof ZCreateTrainingBody>;

/**
 * `POST /api/course-training/{id}`: a field left out stays as it is. The course cannot change (progress hangs on
 * its modules). The lists replace the groups and users the actor may use; for a coordinator, groups and users
 * outside their scope stay assigned as they are.
 */
export const ZUpdateTrainingBody = z
  .object({
    groupIds: z.array(ZId).max(1_000).optional(),
    userIds: z.array(ZId).max(100_000).optional(),
    startDate: ZIsoDate.nullable().optional(),
    deadline: ZIsoDate.nullable().optional(),
    /** null: the course's validity applies. A change recomputes every participant's dates (a job). */
    validity: ZValidity.nullable().optional(),
  })
  .superRefine(datesInOrder);
export type TUpdateTrainingBody = z.infer<typeof ZUpdateTrainingBody>;

/**
 * `DELETE /api/course-training/{id}[?confirm=true]` (spec section 5). Assigned users -> 409 `training_in_use`
 * {participants, started, completed}: unassign groups and users first. No one assigned any more, but progress of
 * former participants kept -> 409 `training_has_progress` {started, completed} unless `confirm=true`, which
 * deletes that progress with the training.
 */
export const ZDeleteTrainingQuery = z.object({ confirm: z.enum(['true', 'false']).optional() });
export type TDeleteTrainingQuery = z.infer<typeof ZDeleteTrainingQuery>;

export const ZTrainingUserParams = z.object({ id: ZId, userId: ZId });
export const ZTrainingModuleParams = z.object({ id: ZId, moduleId: ZId });

/** `POST /api/course-training/{id}/participants/{userId}/optional`: OPTIONAL on or off (no reminders, not missing). */
export const ZOptionalBody = z.object({ optional: z.boolean() });
export type TOptionalBody = z.infer<typeof ZOptionalBody>;

/** One point of the completions series: completions on that day (or in the week starting that Monday). */
export const ZTrainingCompletionPoint = z.object({
  date: ZIsoDate,
  completions: z.number().int(),
  /** All completions up to and including this point. */
  cumulative: z.number().int(),
});
export type TTrainingCompletionPoint = z.infer<typeof ZTrainingCompletionPoint>;

/** Up to this many days the series is per day; a longer span is grouped by week (from Monday). */
export const TRAINING_STATISTICS_MAX_DAYS = 366;

/**
 * `GET /api/course-training/{id}/statistics` (issue "Trainings and the learner journey", point 4: charts): the
 * assigned participants in the actor's scope (a coordinator: their groups' members) by status, and their
 * completions over time, from the day of the first start to today (UTC days), every day listed (zero included).
 * `interval` is `week` when that span exceeds TRAINING_STATISTICS_MAX_DAYS. No start yet: `from` null, no points.
 */
export const ZTrainingStatistics = z.object({
  counts: ZTrainingCounts,
  interval: z.enum(['day', 'week']),
  from: ZIsoDate.nullable(),
  to: ZIsoDate,
  completions: z.array(ZTrainingCompletionPoint),
});
export type TTrainingStatistics = z.infer<typeof ZTrainingStatistics>;

// ---------------------------------------------------------------------------------------------------------------
// Per-user values: /api/course-training-user-value/...
// ---------------------------------------------------------------------------------------------------------------

/** One user's status of one module in one training (spec section 3 "per-user values"). */
export const ZCourseTrainingUserValue = z.object({
  trainingId: ZId,
  userId: ZId,
  moduleId: ZId,
  status: ZModuleStatus,
  completedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type TCourseTrainingUserValue = z.infer<typeof ZCourseTrainingUserValue>;

/** `GET /api/course-training-user-value/get-all-of-current-user`. */
export const ZCourseTrainingUserValueList = z.object({ items: z.array(ZCourseTrainingUserValue) });
export type TCourseTrainingUserValueList = z.infer<typeof ZCourseTrainingUserValueList>;

export const ZUserValueParams = z.object({ courseTrainingId: ZId, moduleId: ZId });

/**
 * `POST /api/course-training-user-value/{courseTrainingId}/{moduleId}`: the learner opened the module. A PDF module
 * is completed by being opened (DECISIONS "module completion"); a SCORM module becomes STARTED at most, its
 * completion comes from the runtime. A locked module answers 400 `module_locked` {unlockedBy}.
 */
/** No fields: the web app may send `{}` or nothing. */
export const ZRecordModuleBody = z.object({}).nullish();
export const ZRecordModuleResult = ZCourseTrainingUserValue.extend({ trainingStatus: ZTrainingStatus });
export type TRecordModuleResult = z.infer<typeof ZRecordModuleResult>;

/**
 * Issue 31 point 1: a module's result as its SCORM package reported it (a PDF module has none): passed or failed
 * (unknown: not reported), the score as a percentage 0 to 100 (null: none) and the raw score the package gave.
 */
const moduleResultFields = {
  success: ZSuccessStatus,
  score: z.number().nullable(),
  scoreRaw: z.number().nullable(),
};

/**
 * A participant's result in a training (apps/server trainings/training-result.ts): the score is the mean of the
 * required modules' scores that were reported; failed when a required module failed, passed when every required
 * module that reported a result passed, else unknown.
 */
const trainingResultFields = {
  score: z.number().nullable(),
  result: ZSuccessStatus,
};

export const PARTICIPANT_SORTS = ['name', 'email', 'status', 'startedAt', 'completedAt', 'progress', 'score'] as const;
export const ZParticipantSort = z.enum(PARTICIPANT_SORTS);
export type TParticipantSort = z.infer<typeof ZParticipantSort>;

export const ZTrainingIdParams = z.object({ trainingId: ZId });

/** `search` matches name, e-mail, username and personnel number. */
export const ZParticipantListQuery = ZPageQuery.extend({
  sort: ZParticipantSort.default('name'),
  status: ZTrainingStatus.optional(),
  /** Issue 30 point 1: valid (completed, window not open), expiring (window open, still valid), expired. */
  validity: ZValidityState.optional(),
});
export type TParticipantListQuery = z.infer<typeof ZParticipantListQuery>;

/** `GET /api/course-training/{id}/participants/export` (issue 31 point 3): the table's filter and order, as a file. */
export const ZParticipantExportQuery = ZParticipantListQuery.omit({ page: true, pageSize: true }).extend(
  ZExportQuery.shape,
);

export const ZParticipantModuleValue = z.object({
  moduleId: ZId,
  status: ZModuleStatus,
  completedAt: z.string().nullable(),
  ...moduleResultFields,
});

/** Issue 30 point 1: the cycle a participation is in and how long its last completion holds. */
const validityFields = {
  /** 1 for the first round; each renewal window opens the next. */
  cycle: z.number().int(),
  /** The end of the last completion's validity; null: none (not completed yet, or valid for ever). */
  validUntil: z.string().nullable(),
  renewalOpensAt: z.string().nullable(),
  validity: ZValidityState.nullable(),
};

/**
 * A cycle of a participation: the current one, and each closed one kept as history when the renewal window opened
 * the next.
 */
export const ZTrainingCycle = z.object({
  cycle: z.number().int(),
  current: z.boolean(),
  status: ZTrainingStatus,
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** The score of the cycle: completed required modules of all required ones. */
  completedModules: z.number().int(),
  requiredModules: z.number().int(),
  ...trainingResultFields,
  validUntil: z.string().nullable(),
  /** null: the current cycle. */
  closedAt: z.string().nullable(),
  /** The certificate of that cycle (downloadable as any other); null: none was made. */
  certificateId: ZId.nullable(),
});
export type TTrainingCycle = z.infer<typeof ZTrainingCycle>;

/** `GET .../cycles`: every cycle, the current first, then the closed ones, newest first. */
export const ZTrainingCycleList = z.object({ items: z.array(ZTrainingCycle) });
export type TTrainingCycleList = z.infer<typeof ZTrainingCycleList>;

/** A row of `GET /api/course-training-user-value/{trainingId}/get-status-of-all-users`. */
export const ZParticipantStatus = z.object({
  userId: ZId,
  name: z.string(),
  email: z.string().nullable(),
  status: ZTrainingStatus,
  optional: z.boolean(),
  /** Added individually (not only through a group). */
  direct: z.boolean(),
  /**
   * Still assigned (directly or through a group). A user who left after starting stays listed with false: their
   * progress is history and is kept.
   */
  assigned: z.boolean(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  invitedAt: z.string().nullable(),
  lastReminderAt: z.string().nullable(),
  /** Completed required modules of `requiredModules`. */
  completedModules: z.number().int(),
  requiredModules: z.number().int(),
  ...trainingResultFields,
  modules: z.array(ZParticipantModuleValue),
  ...validityFields,
});
export type TParticipantStatus = z.infer<typeof ZParticipantStatus>;

export const ZParticipantPage = pageOf(ZParticipantStatus).extend({ counts: ZTrainingCounts });
export type TParticipantPage = z.infer<typeof ZParticipantPage>;

/** A module of `GET /api/course-training/{id}/participants/{userId}/results`, in the course's order. */
export const ZParticipantModuleResult = z.object({
  moduleId: ZId,
  title: z.string(),
  kind: ZModuleKind,
  required: z.boolean(),
  status: ZModuleStatus,
  /** When the module first became completed (for SCORM 1.2 also passed or failed). */
  completedAt: z.string().nullable(),
  ...moduleResultFields,
  /** The time the SCORM runtime counted (session times summed); 0 for a PDF module or one never launched. */
  timeSpentSeconds: z.number().int(),
});
export type TParticipantModuleResult = z.infer<typeof ZParticipantModuleResult>;

/** Issue 31 point 1: one participant's results in the current cycle, per module and for the training. */
export const ZParticipantResults = z.object({
  userId: ZId,
  name: z.string(),
  cycle: z.number().int(),
  status: ZTrainingStatus,
  completedAt: z.string().nullable(),
  ...trainingResultFields,
  modules: z.array(ZParticipantModuleResult),
});
export type TParticipantResults = z.infer<typeof ZParticipantResults>;

// ---------------------------------------------------------------------------------------------------------------
// Learner: GET /api/user-course-trainings and the module launch
// ---------------------------------------------------------------------------------------------------------------

/** DECISIONS "module locking": locked while a required module of lower order is not completed. */
export const ZUserTrainingModule = z.object({
  id: ZId,
  order: z.number().int(),
  kind: ZModuleKind,
  title: z.string(),
  durationInMinutes: z.number().int(),
  required: z.boolean(),
  status: ZModuleStatus,
  completedAt: z.string().nullable(),
  ...moduleResultFields,
  locked: z.boolean(),
  /** The required module to complete first (the first not completed one of lower order); null when unlocked. */
  unlockedBy: ZId.nullable(),
});
export type TUserTrainingModule = z.infer<typeof ZUserTrainingModule>;

export const ZUserTraining = z.object({
  id: ZId,
  courseId: ZId,
  title: z.string(),
  description: z.string(),
  /** The course's cover picture (issue 32 point 3); null: its generated pattern. */
  coverUrl: z.string().nullable(),
  startDate: ZIsoDate.nullable(),
  deadline: ZIsoDate.nullable(),
  durationMinutes: z.number().int().nullable(),
  status: ZTrainingStatus,
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** Completed required modules of all required modules (DECISIONS "required modules": none listed = all). */
  progress: z.object({ completed: z.number().int(), required: z.number().int() }),
  /** The first module in order that is not completed and not locked; null when there is none. */
  nextModuleId: ZId.nullable(),
  modules: z.array(ZUserTrainingModule),
  ...validityFields,
});
export type TUserTraining = z.infer<typeof ZUserTraining>;

/** `GET /api/user-course-trainings`: the current user's trainings they are assigned to, by deadline. */
export const ZUserTrainingList = z.object({ items: z.array(ZUserTraining) });
export type TUserTrainingList = z.infer<typeof ZUserTrainingList>;

/** `GET /api/user-course-trainings/{id}`: one of them (the training page /training/{id}). */
export const ZUserTrainingParams = z.object({ id: ZId });

// `POST /api/course-training/{id}/module/{moduleId}/launch` (params ZTrainingModuleParams, no body): a participant
// launches an unlocked module and gets the player URL on the content origin: ZLaunchResult of scorm-runtime.ts.
