import { ZGdprErasure, ZGdprExport, ZGdprExportList } from '@lms/contracts/gdpr';
import { useQuery } from '@tanstack/react-query';
import { apiFetchFile, apiGet, apiPost } from './api-client';

// GDPR requests (issue 30 point 4): the person's own exports on the account page, an admin's for a user in the
// user drawer; both show the same panel (components/gdpr-exports.tsx), so the calls live here.

/** The exports of `userId`, or of the signed-in user when it is left out. */
export const useGdprExports = (userId?: string) =>
  useQuery({
    queryKey: ['gdpr', 'exports', userId ?? 'me'],
    queryFn: () => apiGet(userId ? `/users/${userId}/gdpr-exports` : '/gdpr/exports', ZGdprExportList),
  });

export const requestGdprExport = (userId?: string) =>
  apiPost(userId ? `/users/${userId}/gdpr-exports` : '/gdpr/exports', undefined, ZGdprExport);

export const fetchGdprExport = (id: string) => apiFetchFile(`/gdpr/exports/${id}/download`);

export const eraseUser = (userId: string) => apiPost(`/users/${userId}/erase`, { confirm: true }, ZGdprErasure);
