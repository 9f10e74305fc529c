import { ZOk } from '@lms/contracts/common';
import {
  ZGroupDetail,
  ZGroupPage,
  type TGroupBody,
  type TGroupListQuery,
  type TGroupUpdateBody,
} from '@lms/contracts/groups';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost } from '../../../lib/api-client';
import { queryString } from '../../../lib/http';

export type GroupListParams = Pick<TGroupListQuery, 'page' | 'pageSize' | 'sort' | 'order' | 'search'>;

export const groupKeys = {
  all: ['groups'] as const,
  list: (p: GroupListParams) => ['groups', 'list', p] as const,
  one: (id: string) => ['groups', 'one', id] as const,
};

export const useGroups = (p: GroupListParams) =>
  useQuery({
    queryKey: groupKeys.list(p),
    queryFn: () => apiGet(`/groups${queryString({ ...p })}`, ZGroupPage),
    placeholderData: keepPreviousData,
  });

/** Every group the user may see, for selects (a client has few enough; 500 is the largest page). */
export const useAllGroups = () => useGroups({ page: 1, pageSize: 500, sort: 'name', order: 'asc' });

export const useGroup = (id: string | null) =>
  useQuery({
    queryKey: groupKeys.one(id ?? ''),
    queryFn: () => apiGet(`/groups/${id ?? ''}`, ZGroupDetail),
    enabled: !!id,
  });

export const createGroup = (body: TGroupBody) => apiPost('/groups', body, ZGroupDetail);
export const updateGroup = (id: string, body: TGroupUpdateBody) => apiPost(`/groups/${id}`, body, ZGroupDetail);
export const deleteGroup = (id: string) => apiDelete(`/groups/${id}`, ZOk);
