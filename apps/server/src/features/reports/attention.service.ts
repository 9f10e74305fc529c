import {
  REPORT_EXPIRING_DAYS,
  type TAttentionPage,
  type TAttentionQuery,
  type TAttentionRemindBody,
  type TAttentionRemindResult,
  type TAttentionRow,
  type TReportFilters,
  type TReportSort,
  type TReportState,
} from '@lms/contracts/reports';
import type { AppDeps } from '../../platform/deps';
import type { Actor } from '../../platform/session';
import { remindParticipants } from '../reminders';
import {
  attentionDetails,
  attentionKeyPages,
  attentionKeys,
  attentionPage,
  type AttentionKey,
  type AttentionWindow,
  type ReportTraining,
} from '../trainings';
import { daysBetween } from './report-dates';
import { resolveReportScope, type ReportScope } from './report-scope';

// GET /api/reports/attention and POST /api/reports/attention/remind (issue 31 point 2): every training at once, the
// people overdue (past the deadline, not completed), expiring (validity ends within REPORT_EXPIRING_DAYS) or expired,
// filtered, sorted and paged on the server; reminders to the rows ticked or to every row that matches, through the
// reminders feature's rules and throttle.

function windowOf(state: TReportState, filters: TReportFilters, now: Date): AttentionWindow {
  return {
    state,
    now: now.toISOString(),
    today: now.toISOString().slice(0, 10),
    until: new Date(now.getTime() + REPORT_EXPIRING_DAYS * 86_400_000).toISOString(),
    from: filters.from,
    to: filters.to,
  };
}

/**
 * The trainings a list walks, in the order it walks them: overdue only those whose deadline passed (and lies in the
 * period), the most overdue first (`urgent`) or by title (`training`).
 */
function trainingsOf(rs: ReportScope, w: AttentionWindow, sort: TReportSort): ReportTraining[] {
  let list = rs.trainings;
  if (w.state === 'overdue')
    list = list.filter(
      (t) =>
        t.deadline !== null &&
        t.deadline < w.today &&
        (!w.from || t.deadline >= w.from) &&
        (!w.to || t.deadline <= w.to),
    );
  const byTitle = (a: ReportTraining, b: ReportTraining) => a.title.localeCompare(b.title) || a.id.localeCompare(b.id);
  return [...list].sort(
    sort === 'urgent' && w.state === 'overdue'
      ? (a, b) => (a.deadline ?? '').localeCompare(b.deadline ?? '') || byTitle(a, b)
      : byTitle,
  );
}

/** The list's rows of the keys, in their order: the person, the training, the due day and the days. */
async function rowsOf(
  deps: AppDeps,
  rs: ReportScope,
  w: AttentionWindow,
  trainingOf: ReadonlyMap<string, ReportTraining>,
  keys: readonly AttentionKey[],
): Promise<TAttentionRow[]> {
  const details = await attentionDetails(deps.db, rs.scope, keys);
  const rowOf = new Map(details.rows.map((r) => [`${r.trainingId}/${r.userId}`, r]));
  return keys.flatMap((k) => {
    const r = rowOf.get(`${k.trainingId}/${k.userId}`);
    const t = trainingOf.get(k.trainingId);
    if (!r || !t) return [];
    const dueOn = (w.state === 'overdue' ? t.deadline : r.validUntil)?.slice(0, 10) ?? w.today;
    const days = w.state === 'expiring' ? daysBetween(w.today, dueOn) : Math.max(0, daysBetween(dueOn, w.today));
    return [
      {
        userId: r.userId,
        name: r.name,
        email: r.email,
        trainingId: t.id,
        trainingTitle: t.title,
        groups: details.groups.get(r.userId) ?? [],
        coordinators: details.coordinators.get(r.userId) ?? [],
        state: w.state,
        dueOn,
        days,
        lastReminderAt: r.lastReminderAt,
      },
    ];
  });
}

export async function getAttention(
  deps: AppDeps,
  actor: Actor,
  query: TAttentionQuery,
  now = new Date(),
): Promise<TAttentionPage> {
  const rs = await resolveReportScope(deps, actor, query);
  const w = windowOf(query.state, query, now);
  const trainings = trainingsOf(rs, w, query.sort);
  const filter = { trainingIds: trainings.map((t) => t.id), groupId: rs.groupId, companyId: rs.companyId };
  const page = await attentionPage(deps.db, rs.scope, filter, w, query.sort, query);
  const items = await rowsOf(deps, rs, w, new Map(trainings.map((t) => [t.id, t])), page.keys);
  return { items, total: page.total, totalCapped: page.totalCapped, page: query.page, pageSize: query.pageSize };
}

/**
 * Every row of the list, in the list's order, `pageSize` at a time (the export, issue 31 point 3): read by keyset,
 * so no cap (the screen's LIST_TOTAL_CAP bounds its pages, not a file) and one page in memory. The scope is resolved
 * here, before the first page: a refused or unknown filter answers its 403 or 404, not a broken download.
 */
export async function attentionRowPages(
  deps: AppDeps,
  actor: Actor,
  query: TReportFilters & { state: TReportState; sort: TReportSort },
  pageSize: number,
  now = new Date(),
): Promise<AsyncGenerator<TAttentionRow[]>> {
  const rs = await resolveReportScope(deps, actor, query);
  const w = windowOf(query.state, query, now);
  const trainings = trainingsOf(rs, w, query.sort);
  const trainingOf = new Map(trainings.map((t) => [t.id, t]));
  const filter = { trainingIds: trainings.map((t) => t.id), groupId: rs.groupId, companyId: rs.companyId };
  const keyPages = attentionKeyPages(deps.db, rs.scope, filter, w, query.sort, pageSize);
  return (async function* () {
    for await (const keys of keyPages) {
      const rows = await rowsOf(deps, rs, w, trainingOf, keys);
      if (rows.length > 0) yield rows;
    }
  })();
}

/**
 * Reminders from the list: the rows ticked, or every row matching the filters (at most LIST_TOTAL_CAP). Each is
 * judged as a single reminder is (reminders feature): a row outside the actor's scope is skipped as not_found.
 */
export async function remindFromAttention(
  deps: AppDeps,
  actor: Actor,
  body: TAttentionRemindBody,
  now = new Date(),
): Promise<TAttentionRemindResult> {
  let keys: { trainingId: string; userId: string }[];
  if ('rows' in body) keys = body.rows;
  else {
    const rs = await resolveReportScope(deps, actor, body.filters);
    const w = windowOf(body.filters.state, body.filters, now);
    const trainings = trainingsOf(rs, w, 'urgent');
    keys = await attentionKeys(
      deps.db,
      rs.scope,
      { trainingIds: trainings.map((t) => t.id), groupId: rs.groupId, companyId: rs.companyId },
      w,
    );
  }
  const byTraining = new Map<string, Set<string>>();
  for (const k of keys) byTraining.set(k.trainingId, (byTraining.get(k.trainingId) ?? new Set()).add(k.userId));
  const targets = new Map([...byTraining].map(([trainingId, users]) => [trainingId, [...users]]));
  return remindParticipants(deps, actor, targets, now);
}
