import { ZAuditPage, ZAuditVerification, type TAuditFilter } from '@lms/contracts/audit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetchFile, apiGet, apiPost } from '../../../lib/api-client';
import { queryString } from '../../../lib/http';

export const auditKeys = { of: (clientId: string) => ['audit', clientId] as const };

/** One page of the trail, newest first; `before` is the previous page's `nextBefore` (keyset by seq). */
export const useAuditPage = (clientId: string, filter: TAuditFilter, before: number | undefined) =>
  useQuery({
    queryKey: [...auditKeys.of(clientId), filter, before ?? null],
    queryFn: () => apiGet(`/client/${clientId}/audit${queryString({ ...filter, before, limit: 100 })}`, ZAuditPage),
    placeholderData: keepPreviousData,
  });

export const verifyAudit = (clientId: string) =>
  apiPost(`/client/${clientId}/audit/verify`, undefined, ZAuditVerification);

export const fetchAuditCsv = (clientId: string, filter: TAuditFilter) =>
  apiFetchFile(`/client/${clientId}/audit/export${queryString({ ...filter })}`, { skipPolicy: true });
