import { ZPublicClient, type TPublicClient } from '@lms/contracts/client';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { apiGet } from './api-client';

export const currentClientKey = ['client', 'current'] as const;

/** The client of this host (public, also before sign-in); a 404 sets the client-not-found flag in the API client. */
export const useCurrentClient = (): UseQueryResult<TPublicClient> =>
  useQuery({
    queryKey: currentClientKey,
    queryFn: () => apiGet('/client/current', ZPublicClient),
    staleTime: Infinity,
  });
