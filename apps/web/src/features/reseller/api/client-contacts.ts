import {
  ZClientContact,
  ZClientContactList,
  type TCreateClientContactBody,
  type TSaveClientContactBody,
} from '@lms/contracts/client-contacts';
import { ZOk } from '@lms/contracts/common';
import { useQuery } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost } from '../../../lib/api-client';
import { queryString } from '../../../lib/http';

export const clientContactKeys = { of: (clientId: string) => ['client-contacts', clientId] as const };

/** A client's contacts: few, so the whole list, sorted by the server. */
export const useClientContacts = (clientId: string) =>
  useQuery({
    queryKey: clientContactKeys.of(clientId),
    queryFn: () => apiGet(`/client-contact${queryString({ clientId })}`, ZClientContactList),
  });

export const createClientContact = (body: TCreateClientContactBody) => apiPost('/client-contact', body, ZClientContact);
export const updateClientContact = (id: string, body: TSaveClientContactBody) =>
  apiPost(`/client-contact/${id}`, body, ZClientContact);
export const deleteClientContact = (id: string) => apiDelete(`/client-contact/${id}`, ZOk);
