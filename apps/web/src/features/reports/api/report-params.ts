import { PAGE_SIZES, type TPageSize } from '@lms/contracts/constants';
import { REPORT_SORTS, REPORT_STATES, type TReportSort, type TReportState } from '@lms/contracts/reports';
import { useSearchParams } from 'react-router';

// The reports' filters are the URL's query (issue 31 point 2, and the weekly digest links to them): from, to (the
// period, YYYY-MM-DD), group, company, training (ids), client (a reseller's choice of a client it resells; none: the
// own client); on the list also state, sort and page. A change replaces the query, so a reload or a shared link shows
// the same report.

export interface ReportParams {
  from?: string;
  to?: string;
  group?: string;
  company?: string;
  training?: string;
  /** A client the reader's reseller client resells (read only); the server refuses any other (404). */
  client?: string;
}
export interface AttentionParams extends ReportParams {
  state: TReportState;
  sort: TReportSort;
  page: number;
  pageSize: TPageSize;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[0-9a-f-]{36}$/i;
const FILTERS = ['from', 'to', 'group', 'company', 'training', 'client'] as const;

/** Only well-formed values count: a hand-edited link shows the report without the broken filter, not an error. */
function readFilters(q: URLSearchParams): ReportParams {
  const out: ReportParams = {};
  for (const key of FILTERS) {
    const v = q.get(key);
    if (v && (key === 'from' || key === 'to' ? DAY : ID).test(v)) out[key] = v;
  }
  return out;
}

export function useReportParams() {
  const [q, setQ] = useSearchParams();
  const filters = readFilters(q);
  const state = REPORT_STATES.find((s) => s === q.get('state')) ?? 'overdue';
  const sort = REPORT_SORTS.find((s) => s === q.get('sort')) ?? 'urgent';
  const page = Math.max(1, Math.floor(Number(q.get('page')) || 1));
  const pageSize = PAGE_SIZES.find((s) => String(s) === q.get('pageSize')) ?? 50;
  /** Sets (or, with '' or undefined, removes) values; any change but the page's starts again at page 1. */
  const set = (values: Record<string, string | number | undefined>) =>
    setQ(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(values)) {
          if (v === undefined || v === '') next.delete(k);
          else next.set(k, String(v));
        }
        if (!('page' in values)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return { filters, attention: { ...filters, state, sort, page, pageSize } satisfies AttentionParams, set, query: q };
}
