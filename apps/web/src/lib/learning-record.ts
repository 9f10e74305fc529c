import type { TRecordFormat } from '@lms/contracts/exports';
import { ZLearningRecord } from '@lms/contracts/learning-record';
import { useQuery } from '@tanstack/react-query';
import { apiFetchFile, apiGet } from './api-client';
import { queryString, saveBlob } from './http';

// Issue 31 point 2: a person's learning record, for the reports page (another person's) and the account page (one's
// own): the same answer and the same downloads, so the calls live here in the shared layer.

/** null: one's own record (the account page); else the person's id. */
export type RecordOf = string | null;

const recordPath = (of: RecordOf) => (of === null ? '/account/learning-record' : `/reports/records/${of}`);

export const useLearningRecord = (of: RecordOf) =>
  useQuery({ queryKey: ['learning-record', of ?? 'own'], queryFn: () => apiGet(recordPath(of), ZLearningRecord) });

/** Downloads the record as PDF, XLSX or CSV under the name the server gives it. */
export async function downloadRecord(of: RecordOf, format: TRecordFormat): Promise<void> {
  const { blob, fileName } = await apiFetchFile(`${recordPath(of)}${queryString({ format })}`);
  saveBlob(blob, fileName ?? `learning-record.${format}`);
}
