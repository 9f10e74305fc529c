import { ZCertificateState, ZCourseCertificateList, type TCourseCertificateList } from '@lms/contracts/certificates';
import { ZAllDocumentsPage, ZMyDocuments, type TAllDocumentSort } from '@lms/contracts/documents';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { queryString } from '../../../lib/http';

// Spec section 2 "Documents": my downloads, my certificates, all certificates (coordination) and their downloads.

export interface AllDocumentsParams {
  page: number;
  pageSize: number;
  sort: TAllDocumentSort;
  order: 'asc' | 'desc';
  search?: string;
}

export const documentKeys = {
  mine: ['documents', 'mine'] as const,
  certificates: ['documents', 'certificates'] as const,
  all: (p: AllDocumentsParams) => ['documents', 'all', p] as const,
};

export const useMyDocuments = () =>
  useQuery({ queryKey: documentKeys.mine, queryFn: () => apiGet('/documents', ZMyDocuments) });

/**
 * `waitingFor`: ask again every few seconds while it answers true of the list (a certificate the issue job has not
 * written yet).
 */
export const useMyCertificates = (waitingFor?: (list: TCourseCertificateList | undefined) => boolean) =>
  useQuery({
    queryKey: documentKeys.certificates,
    queryFn: () => apiGet('/course-certificate', ZCourseCertificateList),
    refetchInterval: (query) => (waitingFor?.(query.state.data) ? 3_000 : false),
  });

export const useAllDocuments = (p: AllDocumentsParams) =>
  useQuery({
    queryKey: documentKeys.all(p),
    queryFn: () => apiGet(`/users/allDocuments${queryString({ ...p })}`, ZAllDocumentsPage),
    placeholderData: keepPreviousData,
  });

export const courseFilePath = (fileId: string) => `/documents/${fileId}/download`;
export const certificatePath = (certificateId: string) => `/course-certificate/${certificateId}/download`;
/** The workaround's lookup: a file by kind and id; a kind the app does not serve answers `unknown_file_type`. */
export const workaroundFilePath = (type: string, id: string) => `/documents/file${queryString({ type, id })}`;

/** Issue 30 point 2: one certificate withdrawn with a reason; it then verifies as withdrawn. */
export const withdrawCertificate = (id: string, reason: string) =>
  apiPost(`/course-certificate/${id}/withdraw`, { reason }, ZCertificateState);

/** Issue 30 point 2: one certificate made again from the user's current data, with a new code. */
export const reissueCertificate = (id: string) =>
  apiPost(`/course-certificate/${id}/reissue`, undefined, ZCertificateState);
