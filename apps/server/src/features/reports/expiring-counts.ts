import type { AppDeps } from '../../platform/deps';
import type { UserScope } from '../users';
import { countExpiring, countExpiringByGroup, type AttentionWindow, type ReportRowFilter } from '../trainings';
import { summaryValidityDays } from './report-counts.repository';
import { addDays } from './report-dates';

type Expiring = Awaited<ReturnType<typeof countExpiring>>;

/**
 * The overview's "expiring" (validity ends after `now` and by `until`), by training and company and by training and
 * group. Read live, it was a range of the client's end dates joined to each user's company and groups: 815 ms at
 * 100,000 users and 2,000,000 participations. For a client's (or reseller's) overview unnarrowed by company, the
 * whole days between the two ends come from the summary rows (report_validity_days, migration 0042), and only the
 * two partial days, today after `now` and the last day up to `until`, are counted live. A coordinator's groups, one
 * group, or a company are counted live as before: their rows are that report's own.
 */
export async function expiringCounts(
  deps: AppDeps,
  scope: UserScope,
  filter: ReportRowFilter,
  w: AttentionWindow,
  how: {
    fromSummary: boolean;
    /** The by-company counts, when the caller counted them already with the states (countStatesLive). */
    byCompany?: Expiring['byCompany'] | undefined;
  },
): Promise<Expiring> {
  if (how.byCompany)
    return { byCompany: how.byCompany, byGroup: await countExpiringByGroup(deps.db, scope, filter, w) };
  if (!how.fromSummary) return countExpiring(deps.db, scope, filter, w);
  const today = w.today;
  const lastDay = w.until.slice(0, 10);
  const inTrainings = new Set(filter.trainingIds);
  const whole = async (dim: 'company' | 'group') =>
    (await summaryValidityDays(deps.db, scope.clientId, dim, null, addDays(today, 1), addDays(lastDay, -1))).filter(
      (r) => inTrainings.has(r.trainingId),
    );
  const companies = await whole('company');
  const groups = await whole('group');
  const first = await countExpiring(deps.db, scope, filter, { ...w, until: `${today}T23:59:59.999Z` });
  const last = await countExpiring(deps.db, scope, filter, { ...w, now: `${addDays(lastDay, -1)}T23:59:59.999Z` });
  return {
    byCompany: [
      ...companies.map((r) => ({ trainingId: r.trainingId, companyId: r.dimId || null, n: r.n })),
      ...first.byCompany,
      ...last.byCompany,
    ],
    byGroup: [
      ...groups.map((r) => ({ trainingId: r.trainingId, groupId: r.dimId, n: r.n })),
      ...first.byGroup,
      ...last.byGroup,
    ],
  };
}
