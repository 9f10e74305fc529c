import {
  ZAppointmentRequest,
  ZUserContactOptions,
  type TAppointmentRequestBody,
} from '@lms/contracts/user-contact-options';
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';

// Spec section 2 "contact person page and appointment dialog", section 7 "GET /client/user-contact-options".

export const useContactOptions = () =>
  useQuery({
    queryKey: ['contact-options'],
    queryFn: () => apiGet('/client/user-contact-options', ZUserContactOptions),
  });

export const requestAppointment = (body: TAppointmentRequestBody) =>
  apiPost('/client/user-contact-options/appointment', body, ZAppointmentRequest);
