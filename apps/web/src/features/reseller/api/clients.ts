import {
  ZClient,
  ZClientPage,
  type TClientListQuery,
  type TCreateClientBody,
  type TUpdateClientBody,
} from '@lms/contracts/client-admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost } from '../../../lib/api-client';

export const clientKeys = {
  all: ['clients'] as const,
  list: (q: TClientListQuery) => ['clients', 'list', q] as const,
  one: (id: string) => ['clients', 'one', id] as const,
};

const queryString = (q: TClientListQuery) =>
  new URLSearchParams(
    Object.entries(q)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  ).toString();

/** The client overview (`GET /api/client`), paged, searched and sorted by the server. */
export const useClients = (q: TClientListQuery) =>
  useQuery({
    queryKey: clientKeys.list(q),
    queryFn: () => apiGet(`/client?${queryString(q)}`, ZClientPage),
    placeholderData: keepPreviousData,
  });

export const useClient = (id: string) =>
  useQuery({ queryKey: clientKeys.one(id), queryFn: () => apiGet(`/client/${id}`, ZClient) });

export const createClient = (body: TCreateClientBody) => apiPost('/client', body, ZClient);

export const updateClient = (id: string, body: TUpdateClientBody) => apiPost(`/client/${id}`, body, ZClient);

export function uploadClientLogo(id: string, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiPost(`/client/${id}/logo`, form, ZClient);
}

export async function removeClientLogo(id: string) {
  return ZClient.parse(await apiDelete(`/client/${id}/logo`, ZClient));
}
