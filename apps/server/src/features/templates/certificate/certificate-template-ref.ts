import type { DbOrTrx } from '../../../db/database';
import { findCertificateTemplate } from './certificate-template.repository';

/** Whether the client has a certificate template of this id (another client's is not found either): a course's. */
export const isCertificateTemplateOfClient = async (db: DbOrTrx, clientId: string, id: string): Promise<boolean> =>
  (await findCertificateTemplate(db, clientId, id)) !== undefined;
