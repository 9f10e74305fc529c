import { ZImportPreview, ZImportStatus, type TImportRunBody, type TUserCsvField } from '@lms/contracts/users';
import { apiFetchBlob, apiGet, apiPost } from '../../../lib/api-client';

export async function uploadImport(file: File) {
  const form = new FormData();
  form.append('file', file);
  return apiPost('/users/import', form, ZImportPreview);
}

export const previewImport = (id: string, mapping: (TUserCsvField | null)[]) =>
  apiPost(`/users/import/${id}/preview`, { mapping }, ZImportPreview);

export const runImport = (id: string, body: TImportRunBody) => apiPost(`/users/import/${id}/run`, body, ZImportStatus);

export const importStatus = (id: string) => apiGet(`/users/import/${id}`, ZImportStatus);

export async function downloadImportReport(id: string): Promise<void> {
  const blob = await apiFetchBlob(`/users/import/${id}/report`);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = 'import-report.csv';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
