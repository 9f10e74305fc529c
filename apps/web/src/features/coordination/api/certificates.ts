import { ZCertificateRegeneration } from '@lms/contracts/certificates';
import { apiPost } from '../../../lib/api-client';

/** DECISIONS "certificate": remakes the certificates of everyone in scope who completed the training, as a job. */
export const regenerateCertificates = (trainingId: string) =>
  apiPost(`/course-training/${trainingId}/certificates/regenerate`, undefined, ZCertificateRegeneration);
