import { ZCourseCertificateList } from '@lms/contracts/certificates';
import { ZAllDocumentsPage, ZMyDocuments, type TAllDocumentSort } from '@lms/contracts/documents';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetchFile, apiGet } from '../../../lib/api-client';

// Spec section 2 "Documents": my downloads, my certificates, all certificates (coordination) and their downloads.

export interface AllDocumentsParams {
  page: number;
  pageSize: number;
  sort: TAllDocumentSort;
  order: 'asc' | 'desc';
  search?: string;
}

const query = (params: Record<string, string | number | undefined>): string => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
};

export const documentKeys = {
  mine: ['documents', 'mine'] as const,
  certificates: ['documents', 'certificates'] as const,
  all: (p: AllDocumentsParams) => ['documents', 'all', p] as const,
};

export const useMyDocuments = () =>
  useQuery({ queryKey: documentKeys.mine, queryFn: () => apiGet('/documents', ZMyDocuments) });

export const useMyCertificates = () =>
  useQuery({
    queryKey: documentKeys.certificates,
    queryFn: () => apiGet('/course-certificate', ZCourseCertificateList),
  });

export const useAllDocuments = (p: AllDocumentsParams) =>
  useQuery({
    queryKey: documentKeys.all(p),
    queryFn: () => apiGet(`/users/allDocuments${query({ ...p })}`, ZAllDocumentsPage),
    placeholderData: keepPreviousData,
  });

/** Hands a fetched file to the browser as a download through a link it clicks. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file behind the session: fetched with it, saved under the server's name (else `fallbackName`). */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const { blob, fileName } = await apiFetchFile(path);
  saveBlob(blob, fileName ?? fallbackName);
}

export const courseFilePath = (fileId: string) => `/documents/${fileId}/download`;
export const certificatePath = (certificateId: string) => `/course-certificate/${certificateId}/download`;
/** The workaround's lookup: a file by kind and id; a kind the app does not serve answers `unknown_file_type`. */
export const workaroundFilePath = (type: string, id: string) => `/documents/file${query({ type, id })}`;
