import { ZClientSmtp, ZClientSmtpAnswer, type TSaveClientSmtpBody } from '@lms/contracts/client-smtp';
import { ZOk } from '@lms/contracts/common';
import { useQuery } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost } from '../../../lib/api-client';

export const clientSmtpKey = (clientId: string) => ['client-smtp', clientId] as const;

export const useClientSmtp = (clientId: string) =>
  useQuery({ queryKey: clientSmtpKey(clientId), queryFn: () => apiGet(`/client-smtp/${clientId}`, ZClientSmtpAnswer) });

export const saveClientSmtp = (clientId: string, body: TSaveClientSmtpBody) =>
  apiPost(`/client-smtp/${clientId}`, body, ZClientSmtp);

/** A failed test is an answer the form shows (smtp_test_failed with the reason), not a dialog. */
export const testClientSmtp = (clientId: string) => apiPost(`/client-smtp/${clientId}/test`, undefined, ZClientSmtp);

export const deleteClientSmtp = (clientId: string) => apiDelete(`/client-smtp/${clientId}`, ZOk);
