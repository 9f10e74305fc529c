import { ZApiError } from '@lms/contracts/errors';
import type { TExportFormat } from '@lms/contracts/exports';
import {
  ZBulkResult,
  ZCompanyList,
  ZUser,
  ZUserPage,
  type TBulkAction,
  type TCreateUserBody,
  type TUpdateUserBody,
  type TUserFilter,
  type TUserListQuery,
  type TUserSelection,
} from '@lms/contracts/users';
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiDelete, apiFetchBlob, apiGet, apiPost } from '../../../lib/api-client';
import { getAuthState } from '../../../lib/auth-store';
import { queryString, saveBlob } from '../../../lib/http';

export type UserListParams = Pick<TUserListQuery, 'page' | 'pageSize' | 'sort' | 'order'> & TUserFilter;

export const userKeys = {
  all: ['users'] as const,
  list: (p: UserListParams) => ['users', 'list', p] as const,
  one: (id: string) => ['users', 'one', id] as const,
  companies: ['users', 'companies'] as const,
};

export const useUsers = (p: UserListParams) =>
  useQuery({
    queryKey: userKeys.list(p),
    queryFn: () => apiGet(`/users${queryString({ ...p })}`, ZUserPage),
    placeholderData: keepPreviousData,
  });

export const useUser = (id: string | null) =>
  useQuery({ queryKey: userKeys.one(id ?? ''), queryFn: () => apiGet(`/users/${id ?? ''}`, ZUser), enabled: !!id });

export const useCompanies = () =>
  useQuery({
    queryKey: userKeys.companies,
    queryFn: () => apiGet('/users/companies', ZCompanyList),
    staleTime: 60_000,
  });

export const createUser = (body: Partial<TCreateUserBody>) => apiPost('/users', body, ZUser);
export const updateUser = (id: string, body: TUpdateUserBody) => apiPost(`/users/${id}`, body, ZUser);

/** Every bulk action but export answers a count; export answers the CSV file itself. */
export const runBulk = (action: Exclude<TBulkAction, 'export'>, selection: TUserSelection, groupId?: string) =>
  apiPost('/users/bulk', { action, selection, groupId }, ZBulkResult);

export const deleteUserById = (id: string) =>
  apiPost('/users/bulk', { action: 'delete', selection: { ids: [id] } }, ZBulkResult);

const today = () => new Date().toISOString().slice(0, 10);

export async function exportSearch(filter: TUserFilter, format: TExportFormat): Promise<void> {
  saveBlob(await apiFetchBlob(`/users/export${queryString({ ...filter, format })}`), `users-${today()}.${format}`);
}

/** Export of a selection goes through the bulk call (POST), so it is fetched here rather than with apiFetchBlob. */
export async function exportSelection(selection: TUserSelection, format: TExportFormat): Promise<void> {
  const token = getAuthState().token;
  const res = await fetch('/api/users/bulk', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ action: 'export', selection, format }),
  });
  if (!res.ok) {
    const body = ZApiError.safeParse(await res.json().catch(() => null));
    throw body.success
      ? new ApiError(res.status, body.data.error, body.data.message, body.data.details)
      : new ApiError(res.status, 'unknown_error', `HTTP ${res.status}`);
  }
  saveBlob(await res.blob(), `users-${today()}.${format}`);
}

export async function uploadPicture(id: string, file: File) {
  const form = new FormData();
  form.append('file', file);
  return apiPost(`/users/${id}/picture`, form, ZUser);
}

export const removePicture = (id: string) => apiDelete(`/users/${id}/picture`, ZUser);

export const refreshUsers = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: userKeys.all });
