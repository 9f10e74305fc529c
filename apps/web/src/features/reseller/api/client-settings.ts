import { ZClientSettingValues, type TSaveClientSettingsBody } from '@lms/contracts/client-settings';
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiPut } from '../../../lib/api-client';

export const clientSettingsKey = (clientId: string) => ['client-settings', clientId] as const;

export const useClientSettingValues = (clientId: string) =>
  useQuery({
    queryKey: clientSettingsKey(clientId),
    queryFn: () => apiGet(`/client/${clientId}/settings`, ZClientSettingValues),
  });

export const saveClientSettingValues = (clientId: string, body: TSaveClientSettingsBody) =>
  apiPut(`/client/${clientId}/settings`, body, ZClientSettingValues);
