import { ZPublicClient, type TPublicClient } from '@lms/contracts/client';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { apiGet, setAuthHeaderName } from './api-client';

export const currentClientKey = ['client', 'current'] as const;

/** The client of this host (public, also before sign-in); a 404 sets the client-not-found flag in the API client. */
export const useCurrentClient = (): UseQueryResult<TPublicClient> =>
  useQuery({
    queryKey: currentClientKey,
    queryFn: async () => {
      const client = await apiGet('/client/current', ZPublicClient);
      setAuthHeaderName(client.authHeader);
      return client;
    },
    staleTime: Infinity,
  });
