import type { Selectable } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import type { CourseCertificatesTable } from './certificate.table';

export type CertificateRow = Selectable<CourseCertificatesTable>;

export const findCertificateById = (db: DbOrTrx, clientId: string, id: string) =>
  db
    .selectFrom('course_certificates')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .executeTakeFirst();

export const findCertificateOf = (db: DbOrTrx, clientId: string, trainingId: string, userId: string) =>
  db
    .selectFrom('course_certificates')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('training_id', '=', trainingId)
    .where('user_id', '=', userId)
    .executeTakeFirst();

/** A user's certificates, newest first. */
export const listCertificatesOfUser = (db: DbOrTrx, clientId: string, userId: string) =>
  db
    .selectFrom('course_certificates')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .orderBy('issued_at', 'desc')
    .orderBy('id')
    .execute();

/** Answers false when the user's certificate of the training exists already (another job made it meanwhile). */
export async function insertCertificate(db: DbOrTrx, row: CertificateRow): Promise<boolean> {
  const res = await db
    .insertInto('course_certificates')
    .values(row)
    .onConflict((oc) => oc.columns(['training_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** A new file for a certificate; answers false when the row is gone (training or user deleted meanwhile). */
export async function replaceCertificateFile(
  db: DbOrTrx,
  clientId: string,
  id: string,
  file: { file_key: string; file_size: number; locale: string; regenerated_at: string },
): Promise<boolean> {
  const res = await db
    .updateTable('course_certificates')
    .set(file)
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}
