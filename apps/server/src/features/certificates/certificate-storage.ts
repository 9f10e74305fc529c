import { storageKey } from '../../platform/storage';

// Where the certificates feature keeps its files: certificates under the client (their templates' backgrounds are the
// templates feature's, templates/certificate/certificate-template-storage.ts).

/** A certificate's file; a regenerated one gets a new name, so a download under way keeps its old file. */
export const certificateKey = (clientId: string, certificateId: string, fileId: string): string =>
  storageKey(clientId, 'certificates', certificateId, `${fileId}.pdf`);
