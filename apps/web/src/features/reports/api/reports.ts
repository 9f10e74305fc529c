import {
  ZAttentionPage,
  ZAttentionRemindResult,
  ZCompliance,
  ZReportChoices,
  type TAttentionRemindBody,
} from '@lms/contracts/reports';
import type { TExportFormat } from '@lms/contracts/exports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetchBlob, apiGet, apiPost } from '../../../lib/api-client';
import { queryString, saveBlob } from '../../../lib/http';
import type { AttentionParams, ReportParams } from './report-params';

// The reports' calls (issue 31 point 2): the overview, the list, the filters' choices and the reminders.

export const reportKeys = {
  all: ['reports'] as const,
  compliance: (p: ReportParams) => ['reports', 'compliance', p] as const,
  attention: (p: AttentionParams) => ['reports', 'attention', p] as const,
  choices: (client: string | undefined) => ['reports', 'choices', client ?? null] as const,
};

export const useCompliance = (p: ReportParams) =>
  useQuery({
    queryKey: reportKeys.compliance(p),
    queryFn: () => apiGet(`/reports/compliance${queryString({ ...p })}`, ZCompliance),
    placeholderData: keepPreviousData,
  });

export const useAttention = (p: AttentionParams) =>
  useQuery({
    queryKey: reportKeys.attention(p),
    queryFn: () => apiGet(`/reports/attention${queryString({ ...p })}`, ZAttentionPage),
    placeholderData: keepPreviousData,
  });

/** The filters' trainings, groups and companies: the own client's, or with `client` that resold client's. */
export const useReportChoices = (client: string | undefined) =>
  useQuery({
    queryKey: reportKeys.choices(client),
    queryFn: () => apiGet(`/reports/choices${queryString({ client })}`, ZReportChoices),
  });

export const remindFromReport = (body: TAttentionRemindBody) =>
  apiPost('/reports/attention/remind', body, ZAttentionRemindResult);

/** Downloads a report as XLSX or CSV with the given filters (the server answers the file's rows in full). */
export async function exportReport(
  report: 'compliance' | 'attention',
  params: Record<string, string | undefined>,
  format: TExportFormat,
): Promise<void> {
  const blob = await apiFetchBlob(`/reports/${report}/export${queryString({ ...params, format })}`);
  const name = report === 'attention' ? `attention-${params.state ?? 'overdue'}` : 'compliance';
  saveBlob(blob, `${name}-${new Date().toISOString().slice(0, 10)}.${format}`);
}
