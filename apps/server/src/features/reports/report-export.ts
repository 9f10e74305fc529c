import type {
  TAttentionRow,
  TComplianceQuery,
  TComplianceRow,
  TReportFilters,
  TReportSort,
  TReportState,
} from '@lms/contracts/reports';
import type { AppDeps } from '../../platform/deps';
import type { Actor } from '../../platform/session';
import type { TableColumn, TableExport } from '../../platform/table-export';
import { attentionRowPages } from './attention.service';
import { getCompliance } from './compliance.service';
import { REPORT_EXPORT_TEXTS } from './report-export-texts';

// GET /api/reports/compliance/export and /api/reports/attention/export (issue 31 points 2 and 3): the two report
// lists as XLSX or CSV, read through the same services as the screens, so the same filters and the same scope (a
// coordinator's groups, a reseller's clients) decide what the file holds. The scope is checked before the first
// byte leaves: a refused or unknown filter answers its 403 or 404, not a broken download.

type Part = 'total' | 'training' | 'group' | 'company';
type ComplianceLine = TComplianceRow & { part: Part };

const textsOf = (actor: Actor) => REPORT_EXPORT_TEXTS[actor.locale];

export async function exportCompliance(
  deps: AppDeps,
  actor: Actor,
  query: TComplianceQuery,
): Promise<TableExport<ComplianceLine>> {
  const report = await getCompliance(deps, actor, query);
  const t = textsOf(actor).compliance;
  const lines: ComplianceLine[] = [
    { ...report.totals, id: null, name: null, part: 'total' },
    ...report.trainings.map((r) => ({ ...r, part: 'training' as const })),
    ...report.groups.map((r) => ({ ...r, part: 'group' as const })),
    ...report.companies.map((r) => ({ ...r, part: 'company' as const })),
  ];
  const c = t.columns;
  const pct = (n: number) => n * 100;
  const columns: TableColumn<ComplianceLine>[] = [
    { header: c.part, type: 'text', value: (r) => t.part[r.part], width: 12 },
    {
      header: c.name,
      type: 'text',
      value: (r) => (r.part === 'total' ? '' : (r.name ?? (r.part === 'company' ? t.noCompany : ''))),
      width: 32,
    },
    { header: c.deadline, type: 'date', value: (r) => r.deadline },
    { header: c.assigned, type: 'number', value: (r) => r.assigned },
    { header: c.completed, type: 'number', value: (r) => r.completed },
    { header: c.overdue, type: 'number', value: (r) => r.overdue },
    { header: c.expiring, type: 'number', value: (r) => r.expiring },
    { header: c.expired, type: 'number', value: (r) => r.expired },
    { header: c.completedRate, type: 'percent', value: (r) => pct(r.completedRate), width: 14 },
    { header: c.overdueRate, type: 'percent', value: (r) => pct(r.overdueRate), width: 14 },
    { header: c.expiringRate, type: 'percent', value: (r) => pct(r.expiringRate), width: 14 },
    { header: c.expiredRate, type: 'percent', value: (r) => pct(r.expiredRate), width: 14 },
  ];
  return { columns, rows: [lines], sheetName: t.sheet, locale: actor.locale };
}

/** Rows read and presented at a time: what the export holds in memory, whatever the number of rows. */
const ATTENTION_EXPORT_PAGE = 500;

export async function exportAttention(
  deps: AppDeps,
  actor: Actor,
  query: TReportFilters & { state: TReportState; sort: TReportSort },
  pageSize = ATTENTION_EXPORT_PAGE,
): Promise<TableExport<TAttentionRow>> {
  // Every row the filters match, not the screen's first LIST_TOTAL_CAP: a file is the whole list.
  const rows = await attentionRowPages(deps, actor, query, pageSize);
  const t = textsOf(actor).attention;
  const c = t.columns;
  const columns: TableColumn<TAttentionRow>[] = [
    { header: c.name, type: 'text', value: (r) => r.name, width: 28 },
    { header: c.email, type: 'text', value: (r) => r.email, width: 30 },
    { header: c.training, type: 'text', value: (r) => r.trainingTitle, width: 32 },
    { header: c.groups, type: 'text', value: (r) => r.groups.map((g) => g.name).join(', '), width: 24 },
    { header: c.coordinators, type: 'text', value: (r) => r.coordinators.join(', '), width: 28 },
    { header: c.state, type: 'text', value: (r) => t.state[r.state], width: 14 },
    { header: c.dueOn, type: 'date', value: (r) => r.dueOn },
    { header: c.days, type: 'number', value: (r) => r.days },
    { header: c.lastReminderAt, type: 'datetime', value: (r) => r.lastReminderAt },
  ];
  return { columns, rows, sheetName: t.sheet, locale: actor.locale };
}
