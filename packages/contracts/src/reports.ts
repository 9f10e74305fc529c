import { z } from 'zod';
import { ZId, ZIsoDate, pageOf } from './common';
import { LIST_TOTAL_CAP, PAGE_SIZES } from './constants';
import { ZExportQuery } from './exports';
import { ZRemindAllResult } from './reminders';

// The reports (issue 31 point 2): GET /api/reports/compliance (the overview) and GET /api/reports/attention (who is
// overdue, about to expire or expired), POST /api/reports/attention/remind (reminders from the list). The web routes
// /reports and /reports/attention keep the same filters in their URLs, named as here: from, to, group, company,
// training, client (a reseller's choice of its resold clients), and on the list state, sort, page (the weekly digest
// links to them).

/** How far ahead "expiring" looks: a valid completion whose end lies within this many days. */
export const REPORT_EXPIRING_DAYS = 30;
/** The longest period a report reads (its trend's weeks are bounded by it). */
export const REPORT_MAX_PERIOD_DAYS = 731;
/** Weeks the trend shows when no period is given: the last 12, this one included. */
export const REPORT_DEFAULT_WEEKS = 12;

export const REPORT_STATES = ['overdue', 'expiring', 'expired'] as const;
export type TReportState = (typeof REPORT_STATES)[number];
/** urgent: the most overdue, soonest expiring or longest expired first; name: by the person; training: by title. */
export const REPORT_SORTS = ['urgent', 'name', 'training'] as const;
export type TReportSort = (typeof REPORT_SORTS)[number];

const periodOk = (q: { from?: string | undefined; to?: string | undefined }) =>
  !q.from || !q.to || (q.from <= q.to && Date.parse(q.to) - Date.parse(q.from) <= REPORT_MAX_PERIOD_DAYS * 86_400_000);
const periodError = {
  message: `from must not be after to, at most ${REPORT_MAX_PERIOD_DAYS} days apart`,
  path: ['to'],
};

/** The filters every report takes. `client`: a reseller's resold client (read only); none: the own client. */
export const ZReportFilters = z.object({
  from: ZIsoDate.optional(),
  to: ZIsoDate.optional(),
  group: ZId.optional(),
  company: ZId.optional(),
  training: ZId.optional(),
  client: ZId.optional(),
});
export type TReportFilters = z.infer<typeof ZReportFilters>;

export const ZComplianceQuery = ZReportFilters.refine(periodOk, periodError);
export type TComplianceQuery = z.infer<typeof ZComplianceQuery>;

/** `GET /api/reports/compliance/export`: the overview's filters and the file's format (CSV when left out). */
export const ZComplianceExportQuery = ZReportFilters.extend(ZExportQuery.shape).refine(periodOk, periodError);

/** Counts and their share of the assigned (0..1, 0 when none is assigned). */
export const ZComplianceFigures = z.object({
  /** Assigned participants of a mandatory part (not optional). */
  assigned: z.number().int(),
  /** Who stands completed now. */
  completed: z.number().int(),
  /** Past the deadline (the training's, else the course's) and not completed. */
  overdue: z.number().int(),
  /** A completion whose validity ends within REPORT_EXPIRING_DAYS. */
  expiring: z.number().int(),
  /** The validity ended without a renewal. */
  expired: z.number().int(),
  completedRate: z.number(),
  overdueRate: z.number(),
  expiringRate: z.number(),
  expiredRate: z.number(),
});
export type TComplianceFigures = z.infer<typeof ZComplianceFigures>;

export const ZComplianceRow = ZComplianceFigures.extend({
  /** The training, group or company; null: the users without a company. */
  id: z.string().nullable(),
  name: z.string().nullable(),
  /** A training's deadline (its own, else the course's). */
  deadline: ZIsoDate.nullable().optional(),
});
export type TComplianceRow = z.infer<typeof ZComplianceRow>;

export const ZComplianceWeek = z.object({
  /** The Monday (UTC) the week starts. */
  week: ZIsoDate,
  /** Completions in the week, of those who stand completed now. */
  completions: z.number().int(),
  /** Overdue at the week's end, as the rows stand now: the deadline passed and no completion by then. */
  overdue: z.number().int(),
});

export const ZCompliance = z.object({
  from: ZIsoDate,
  to: ZIsoDate,
  /** When expiring and overdue were judged. */
  asOf: z.string(),
  totals: ZComplianceFigures,
  trainings: z.array(ZComplianceRow),
  groups: z.array(ZComplianceRow),
  companies: z.array(ZComplianceRow),
  trend: z.array(ZComplianceWeek),
});
export type TCompliance = z.infer<typeof ZCompliance>;

/** What the filters offer: the trainings, groups and companies in the reader's scope. */
export const ZReportChoicesQuery = z.object({ client: ZId.optional() });
const ZChoice = z.object({ id: ZId, name: z.string() });
export const ZReportChoices = z.object({
  trainings: z.array(ZChoice),
  groups: z.array(ZChoice),
  companies: z.array(ZChoice),
});
export type TReportChoices = z.infer<typeof ZReportChoices>;

export const ZAttentionQuery = ZReportFilters.extend({
  state: z.enum(REPORT_STATES).default('overdue'),
  sort: z.enum(REPORT_SORTS).default('urgent'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z
    .preprocess(
      (v) => (typeof v === 'string' ? Number(v) : v),
      z.literal(PAGE_SIZES, { error: `one of ${PAGE_SIZES.join(', ')}` }),
    )
    .default(50),
}).refine(periodOk, periodError);
export type TAttentionQuery = z.infer<typeof ZAttentionQuery>;

/** `GET /api/reports/attention/export`: the list's filters and order, every row (no cap), as XLSX or CSV. */
export const ZAttentionExportQuery = ZReportFilters.extend({
  state: z.enum(REPORT_STATES).default('overdue'),
  sort: z.enum(REPORT_SORTS).default('urgent'),
  ...ZExportQuery.shape,
}).refine(periodOk, periodError);

export const ZAttentionRow = z.object({
  userId: ZId,
  name: z.string(),
  email: z.string().nullable(),
  trainingId: ZId,
  trainingTitle: z.string(),
  /** The person's groups (within a coordinator's scope, theirs) and those groups' coordinators. */
  groups: z.array(z.object({ id: ZId, name: z.string() })),
  coordinators: z.array(z.string()),
  state: z.enum(REPORT_STATES),
  /** The deadline (overdue) or the end of validity (expiring, expired). */
  dueOn: ZIsoDate,
  /** Days overdue, days until the validity ends, or days since it ended. */
  days: z.number().int(),
  lastReminderAt: z.string().nullable(),
});
export type TAttentionRow = z.infer<typeof ZAttentionRow>;

export const ZAttentionPage = pageOf(ZAttentionRow);
export type TAttentionPage = z.infer<typeof ZAttentionPage>;

/** Reminders from the list: the rows ticked, or every row that matches the filters (at most LIST_TOTAL_CAP). */
export const ZAttentionRemindBody = z.union([
  z.object({
    rows: z
      .array(z.object({ trainingId: ZId, userId: ZId }))
      .min(1)
      .max(500),
  }),
  z.object({ all: z.literal(true), filters: ZReportFilters.extend({ state: z.enum(REPORT_STATES) }) }),
]);
export type TAttentionRemindBody = z.infer<typeof ZAttentionRemindBody>;

/** As "remind all open": sent, and skipped by the code a single reminder would have been refused with. */
export const ZAttentionRemindResult = ZRemindAllResult;
export type TAttentionRemindResult = z.infer<typeof ZAttentionRemindResult>;

export const REPORT_REMIND_ALL_CAP = LIST_TOTAL_CAP;
