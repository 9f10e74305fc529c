import type { TClient } from '@lms/contracts/client-admin';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth-store';
import { currentClientKey } from '../../../lib/use-current-client';
import { clientKeys } from '../api/clients';

/**
 * After a client was saved: its screens show the answer, the overview reloads, and when it is the user's own
 * client the app refetches /api/client/current, so the theme's colours and the header's logo follow at once.
 */
export function useClientSaved() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return async (client: TClient) => {
    queryClient.setQueryData(clientKeys.one(client.id), client);
    await queryClient.invalidateQueries({ queryKey: [...clientKeys.all, 'list'] });
    if (client.id === user?.clientId) await queryClient.invalidateQueries({ queryKey: currentClientKey });
  };
}
