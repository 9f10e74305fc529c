import {
  REPORT_DEFAULT_WEEKS,
  REPORT_EXPIRING_DAYS,
  type TCompliance,
  type TComplianceFigures,
  type TComplianceQuery,
  type TComplianceRow,
} from '@lms/contracts/reports';
import type { AppDeps } from '../../platform/deps';
import type { Actor } from '../../platform/session';
import { companyNamesOf } from '../companies';
import { findGroupsByIds, listGroupNames } from '../groups';
import { completionsLive, countGroupStatesLive, countStatesLive, type ReportRowFilter } from '../trainings';
import { summaryCounts, summaryWeeks } from './report-counts.repository';
import { expiringCounts } from './expiring-counts';
import { resolveReportScope, type ReportScope } from './report-scope';
import { addDays, mondayOf } from './report-dates';

// GET /api/reports/compliance (issue 31 point 2): per training, group and company the assigned, completed, overdue,
// expiring and expired, and the weekly trend of completions and overdue. The client's figures come from the summary
// rows (report_counts, report_completion_weeks: a few rows per training and company or group, whatever the number
// of participants); what depends on the hour (expiring) is one range of the end-date index; a coordinator's own
// groups together, or one group, are counted from their members' rows, which is what that report reads.

type Tally = { assigned: number; completed: number; open: number; expired: number; expiring: number };
const emptyTally = (): Tally => ({ assigned: 0, completed: 0, open: 0, expired: 0, expiring: 0 });

interface StatusRow {
  trainingId: string;
  key: string;
  status: string;
  n: number;
}

/** Adds a row of (training, status, n) to a tally; `overdue` says whether the training's deadline has passed. */
function add(t: Tally, status: string, n: number) {
  if (status === 'OPTIONAL') return;
  t.assigned += n;
  if (status === 'COMPLETED') t.completed += n;
  else if (status === 'EXPIRED') t.expired += n;
  else t.open += n;
}

const rate = (n: number, of: number) => (of === 0 ? 0 : n / of);

function figuresOf(t: Tally, overdue: number): TComplianceFigures {
  return {
    assigned: t.assigned,
    completed: t.completed,
    overdue,
    expiring: t.expiring,
    expired: t.expired,
    completedRate: rate(t.completed, t.assigned),
    overdueRate: rate(overdue, t.assigned),
    expiringRate: rate(t.expiring, t.assigned),
    expiredRate: rate(t.expired, t.assigned),
  };
}

/** Per key (training, group or company): the tally and the overdue (the open of trainings past their deadline). */
function tallyBy(
  rows: readonly StatusRow[],
  expiring: readonly { trainingId: string; key: string; n: number }[],
  pastDeadline: Set<string>,
) {
  const out = new Map<string, { tally: Tally; overdue: number }>();
  const at = (key: string) => {
    let e = out.get(key);
    if (!e) out.set(key, (e = { tally: emptyTally(), overdue: 0 }));
    return e;
  };
  for (const r of rows) {
    const e = at(r.key);
    add(e.tally, r.status, r.n);
    if (pastDeadline.has(r.trainingId) && (r.status === 'PENDING' || r.status === 'STARTED')) e.overdue += r.n;
  }
  for (const x of expiring) at(x.key).tally.expiring += x.n;
  return out;
}

export async function getCompliance(
  deps: AppDeps,
  actor: Actor,
  query: TComplianceQuery,
  now = new Date(),
): Promise<TCompliance> {
  const rs = await resolveReportScope(deps, actor, query);
  const today = now.toISOString().slice(0, 10);
  const to = query.to ?? today;
  const from = query.from ?? addDays(mondayOf(to), -7 * (REPORT_DEFAULT_WEEKS - 1));
  const trainingIds = rs.trainings.map((t) => t.id);
  const inTrainings = new Set(trainingIds);
  const pastDeadline = new Set(rs.trainings.filter((t) => t.deadline !== null && t.deadline < today).map((t) => t.id));
  const filter: ReportRowFilter = { trainingIds, groupId: rs.groupId, companyId: rs.companyId };
  const window = {
    state: 'expiring' as const,
    now: now.toISOString(),
    today,
    until: new Date(now.getTime() + REPORT_EXPIRING_DAYS * 86_400_000).toISOString(),
  };
  const { scope } = rs;
  // Live: a coordinator's groups together (a person in two counts once), or one group (its members' rows).
  const live = scope.groupIds !== null || rs.groupId !== undefined;
  const liveRows = live ? await countStatesLive(deps.db, scope, filter, window) : null;
  const statusRows: { trainingId: string; companyId: string | null; status: string; n: number }[] =
    liveRows ??
    (await summaryCounts(deps.db, scope.clientId, 'company', rs.companyId ? [rs.companyId] : null))
      .filter((r) => inTrainings.has(r.trainingId))
      .map((r) => ({ trainingId: r.trainingId, companyId: r.dimId || null, status: r.status, n: r.n }));
  const groupIds = rs.groupId ? [rs.groupId] : scope.groupIds;
  const groupRows: StatusRow[] = rs.companyId
    ? (await countGroupStatesLive(deps.db, scope, filter)).map((r) => ({ ...r, key: r.groupId }))
    : (await summaryCounts(deps.db, scope.clientId, 'group', groupIds))
        .filter((r) => inTrainings.has(r.trainingId))
        .map((r) => ({ ...r, key: r.dimId }));
  const expiring = await expiringCounts(deps, scope, filter, window, {
    fromSummary: !live && !rs.companyId,
    byCompany: liveRows?.filter((r) => r.expiring > 0).map((r) => ({ ...r, n: r.expiring })),
  });
  const companyKey = (id: string | null) => id ?? '';

  const total = tallyBy(
    statusRows.map((r) => ({ ...r, key: '' })),
    expiring.byCompany.map((x) => ({ ...x, key: '' })),
    pastDeadline,
  ).get('') ?? { tally: emptyTally(), overdue: 0 };
  const perTraining = tallyBy(
    statusRows.map((r) => ({ ...r, key: r.trainingId })),
    expiring.byCompany.map((x) => ({ ...x, key: x.trainingId })),
    pastDeadline,
  );
  const perCompany = tallyBy(
    statusRows.map((r) => ({ ...r, key: companyKey(r.companyId) })),
    expiring.byCompany.map((x) => ({ ...x, key: companyKey(x.companyId) })),
    pastDeadline,
  );
  const perGroup = tallyBy(
    groupRows,
    expiring.byGroup.filter((x) => !groupIds || groupIds.includes(x.groupId)).map((x) => ({ ...x, key: x.groupId })),
    pastDeadline,
  );

  const row = (id: string | null, name: string | null, e: { tally: Tally; overdue: number } | undefined) => ({
    id,
    name,
    ...figuresOf(e?.tally ?? emptyTally(), e?.overdue ?? 0),
  });
  const trainings: TComplianceRow[] = rs.trainings
    .map((t) => ({ ...row(t.id, t.title, perTraining.get(t.id)), deadline: t.deadline }))
    .sort(byName);
  const groupNames = await groupNamesOf(deps, scope.clientId, [...perGroup.keys()], groupIds === null);
  const groups = [...perGroup]
    .filter(([id]) => groupNames.has(id))
    .map(([id, e]) => row(id, groupNames.get(id) ?? '', e))
    .sort(byName);
  const companyNames = await companyNamesOf(deps.db, scope.clientId, [...perCompany.keys()].filter(Boolean));
  const companies = [...perCompany]
    .map(([id, e]) => row(id || null, id ? (companyNames.get(id) ?? '') : null, e))
    .sort(byName);

  return {
    from,
    to,
    asOf: now.toISOString(),
    totals: figuresOf(total.tally, total.overdue),
    trainings,
    groups,
    companies,
    trend: await trendOf(deps, rs, live, statusRows, from, to, now),
  };
}

/** Named rows by name (the users without a company last). */
const byName = (a: { name: string | null }, b: { name: string | null }) =>
  a.name === null ? 1 : b.name === null ? -1 : a.name.localeCompare(b.name);

async function groupNamesOf(deps: AppDeps, clientId: string, ids: string[], all: boolean) {
  const rows = all ? await listGroupNames(deps.db, clientId) : await findGroupsByIds(deps.db, clientId, ids);
  return new Map(rows.map((g) => [g.id, g.name]));
}

/**
 * The weeks from the Monday of `from` to the week of `to`: completions in each (of those who stand completed now)
 * and the overdue at its end as the rows stand now: the open of trainings whose deadline fell before the week's end,
 * and the completed of those trainings who completed after that week.
 */
async function trendOf(
  deps: AppDeps,
  rs: ReportScope,
  live: boolean,
  statusRows: readonly { trainingId: string; status: string; n: number }[],
  from: string,
  to: string,
  now: Date,
): Promise<TCompliance['trend']> {
  const first = mondayOf(from);
  const last = mondayOf(to);
  const inTrainings = new Set(rs.trainings.map((t) => t.id));
  const filter: ReportRowFilter = { trainingIds: [...inTrainings], groupId: rs.groupId, companyId: rs.companyId };
  const completions: { trainingId: string; week: string; n: number }[] = live
    ? (await completionsLive(deps.db, rs.scope, filter, `${first}T00:00:00.000Z`)).map((c) => ({
        trainingId: c.trainingId,
        week: mondayOf(c.completedAt.slice(0, 10)),
        n: 1,
      }))
    : (await summaryWeeks(deps.db, rs.scope.clientId, 'company', rs.companyId ? [rs.companyId] : null, first)).filter(
        (c) => inTrainings.has(c.trainingId),
      );
  const open = new Map<string, number>();
  for (const r of statusRows)
    if (r.status === 'PENDING' || r.status === 'STARTED') open.set(r.trainingId, (open.get(r.trainingId) ?? 0) + r.n);
  // Per training: its completions by week and in all, so each week's "completed after it" is a subtraction.
  const byWeek = new Map<string, Map<string, number>>();
  const left = new Map<string, number>();
  for (const c of completions) {
    const m = byWeek.get(c.trainingId) ?? new Map<string, number>();
    m.set(c.week, (m.get(c.week) ?? 0) + c.n);
    byWeek.set(c.trainingId, m);
    left.set(c.trainingId, (left.get(c.trainingId) ?? 0) + c.n);
  }
  const weeks: TCompliance['trend'] = [];
  const today = now.toISOString().slice(0, 10);
  for (let week = first; week <= last; week = addDays(week, 7)) {
    const end = addDays(week, 7);
    let overdue = 0;
    let completed = 0;
    for (const t of rs.trainings) {
      const n = byWeek.get(t.id)?.get(week) ?? 0;
      completed += n;
      const after = (left.get(t.id) ?? 0) - n; // completed after this week
      left.set(t.id, after);
      // Judged at the week's end, or today for the running week.
      if (t.deadline !== null && t.deadline < (end < today ? end : today)) overdue += (open.get(t.id) ?? 0) + after;
    }
    weeks.push({ week, completions: completed, overdue });
  }
  return weeks;
}
