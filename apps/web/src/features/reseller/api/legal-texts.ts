import { ZClientLegalTexts, type TLegalTextKind, type TSaveLegalTextBody } from '@lms/contracts/legal-texts';
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';

export const legalTextKeys = { one: (clientId: string) => ['client-legal-texts', clientId] as const };

export const useClientLegalTexts = (clientId: string) =>
  useQuery({
    queryKey: legalTextKeys.one(clientId),
    queryFn: () => apiGet(`/client/${clientId}/legal-texts`, ZClientLegalTexts),
  });

export const saveClientLegalText = (clientId: string, kind: TLegalTextKind, body: TSaveLegalTextBody) =>
  apiPost(`/client/${clientId}/legal-texts/${kind}`, body, ZClientLegalTexts);

export function uploadClientLegalPdf(clientId: string, kind: TLegalTextKind, file: File) {
  const form = new FormData();
  form.append('file', file);
  return apiPost(`/client/${clientId}/legal-texts/${kind}/pdf`, form, ZClientLegalTexts);
}

/** The client's own uploaded PDF, for the editor (below /api). */
export const clientLegalPdfPath = (clientId: string, kind: TLegalTextKind) =>
  `/client/${clientId}/legal-texts/${kind}/pdf`;
