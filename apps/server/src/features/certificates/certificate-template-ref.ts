import type { DbOrTrx } from '../../db/database';
import { findCertificateTemplate } from './certificate-template.repository';

// What the courses feature asks of certificate templates (a course names one), kept apart from the template service
// so that service can ask courses in turn how many use a template, without an import cycle.

/** Whether the client has a certificate template of this id (another client's is not found either). */
export const isCertificateTemplateOfClient = async (db: DbOrTrx, clientId: string, id: string): Promise<boolean> =>
  (await findCertificateTemplate(db, clientId, id)) !== undefined;
