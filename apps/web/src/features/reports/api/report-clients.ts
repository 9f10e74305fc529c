import { ZClient, ZClientPage } from '@lms/contracts/client-admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryString } from '../../../lib/http';
import { useCurrentClient } from '../../../lib/use-current-client';

// The clients a reseller may read the reports of (issue 31): its own and those it resells, from the client
// overview's call (GET /api/client, clients.overview), which pages and searches on the server; a reseller may
// resell thousands, so the picker asks for the typed text, 25 at a time, and never loads them all.

export interface ClientChoice {
  id: string;
  name: string;
}

const PICKER_PAGE = 25;

/** The first clients whose name or domain holds the text (none: the first by name). */
export const useClientSearch = (search: string, enabled: boolean) => {
  const query = { page: 1, pageSize: PICKER_PAGE, sort: 'name', order: 'asc', search: search || undefined };
  return useQuery({
    queryKey: ['reports', 'clients', query],
    queryFn: async () => (await apiGet(`/client${queryString(query)}`, ZClientPage)).items,
    select: (items): ClientChoice[] => items.map((c) => ({ id: c.id, name: c.name })),
    placeholderData: keepPreviousData,
    enabled,
  });
};

/**
 * One client's name by id (the own client, or the one a link names that the first page does not hold). The host's
 * client is already known (the signed-in user belongs to it); any other is read with GET /api/client/{id}.
 */
export function useClientChoice(id: string | undefined): ClientChoice | undefined {
  const current = useCurrentClient().data;
  const known = !!current && current.id === id;
  const other = useQuery({
    queryKey: ['reports', 'client', id],
    queryFn: () => apiGet(`/client/${id ?? ''}`, ZClient),
    select: (c): ClientChoice => ({ id: c.id, name: c.name }),
    enabled: !!id && !known,
    staleTime: Infinity,
  });
  if (!id) return undefined;
  return known ? { id, name: current.name } : other.data;
}
