import { ZCertificateVerification } from '@lms/contracts/certificates';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/**
 * The public check of a certificate's code (issue 30 point 2). Every error is the page's to show (a wrong code is
 * 404, a malformed one 400, too many checks 429), so no dialog or redirect, and no retry that would count twice.
 */
export const useCertificateVerification = (code: string) =>
  useQuery({
    queryKey: ['certificate-verification', code],
    queryFn: () =>
      apiGet(`/certificate-verification/${encodeURIComponent(code)}`, ZCertificateVerification, { skipPolicy: true }),
    retry: false,
    staleTime: Infinity,
  });
