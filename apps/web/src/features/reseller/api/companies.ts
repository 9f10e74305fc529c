import { ZOk } from '@lms/contracts/common';
import {
  ZCompany,
  ZCompanyPage,
  type TCompanyQuery,
  type TCreateCompanyBody,
  type TRenameCompanyBody,
} from '@lms/contracts/companies';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost } from '../../../lib/api-client';
import { queryString } from '../../../lib/http';

export const companyKeys = {
  of: (clientId: string) => ['companies', clientId] as const,
  list: (q: TCompanyQuery) => ['companies', q.clientId, q] as const,
};

/** One page of a client's companies with their user counts, searched and paged by the server. */
export const useCompanies = (q: TCompanyQuery) =>
  useQuery({
    queryKey: companyKeys.list(q),
    queryFn: () => apiGet(`/company${queryString({ ...q })}`, ZCompanyPage),
    placeholderData: keepPreviousData,
  });

export const createCompany = (body: TCreateCompanyBody) => apiPost('/company', body, ZCompany);
export const renameCompany = (id: string, body: TRenameCompanyBody) => apiPost(`/company/${id}`, body, ZCompany);
export const deleteCompany = (id: string) => apiDelete(`/company/${id}`, ZOk);
