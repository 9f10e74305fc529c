import {
  ZClientToken,
  ZClientTokenPage,
  ZCreatedClientToken,
  ZInvalidatedClientTokens,
  type TClientTokenQuery,
  type TCreateClientTokenBody,
} from '@lms/contracts/client-tokens';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost } from '../../../lib/api-client';
import { queryString } from '../../../lib/http';

export const clientTokenKeys = {
  of: (clientId: string) => ['client-tokens', clientId] as const,
  list: (q: TClientTokenQuery) => ['client-tokens', q.clientId, q] as const,
};

export const useClientTokens = (q: TClientTokenQuery) =>
  useQuery({
    queryKey: clientTokenKeys.list(q),
    queryFn: () => apiGet(`/client-token${queryString({ ...q })}`, ZClientTokenPage),
    placeholderData: keepPreviousData,
  });

/** The only answer with the secret: the caller shows it once and keeps it nowhere (not in the query cache). */
export const createClientToken = (body: TCreateClientTokenBody) => apiPost('/client-token', body, ZCreatedClientToken);

/** Spec section 8 "token invalidation success or failure": the tab says which, in its own words. */
export const invalidateClientToken = (id: string) => apiDelete(`/client-token/${id}`, ZClientToken);
export const invalidateAllClientTokens = (clientId: string) =>
  apiDelete(`/client-token${queryString({ clientId })}`, ZInvalidatedClientTokens);
