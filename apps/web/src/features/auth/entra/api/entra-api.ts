import { ZLoginResult, type TLoginResult } from '@lms/contracts/auth';
import { ZEntraConfig, ZEntraNonce } from '@lms/contracts/entra';
import { apiGet, apiPost } from '../../../../lib/api-client';

export const fetchEntraConfig = () => apiGet('/user/entra-config', ZEntraConfig);

export const entraConfigQuery = {
  queryKey: ['client', 'entra-config'],
  queryFn: fetchEntraConfig,
  staleTime: 60_000,
};

/** Sign-in calls never open the policy dialogs (spec section 8): the page shows every error itself. */
export const fetchEntraNonce = () => apiPost('/user/entra-nonce', undefined, ZEntraNonce, { skipPolicy: true });

export const loginWithEntraId = (result: { idToken: string; accessToken: string }): Promise<TLoginResult> =>
  apiPost('/user/login-with-entra-id', result, ZLoginResult, { skipPolicy: true });
