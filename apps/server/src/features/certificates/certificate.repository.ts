import { sql, type Insertable, type Selectable } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import type { CertificateCodesTable, CourseCertificatesTable } from './certificate.table';

export type CertificateRow = Selectable<CourseCertificatesTable>;

export const findCertificateById = (db: DbOrTrx, clientId: string, id: string) =>
  db
    .selectFrom('course_certificates')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .executeTakeFirst();

/** The certificate of one cycle of a user's training (issue 30 point 1: one per cycle). */
export const findCertificateOf = (db: DbOrTrx, clientId: string, trainingId: string, userId: string, cycle: number) =>
  db
    .selectFrom('course_certificates')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('training_id', '=', trainingId)
    .where('user_id', '=', userId)
    .where('cycle', '=', cycle)
    .executeTakeFirst();

/** The certificates of every cycle of a user's training, by cycle. */
export const certificatesOfParticipation = (db: DbOrTrx, clientId: string, trainingId: string, userId: string) =>
  db
    .selectFrom('course_certificates')
    .select(['id', 'cycle'])
    .where('client_id', '=', clientId)
    .where('training_id', '=', trainingId)
    .where('user_id', '=', userId)
    .execute();

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

/** Answers false when the user's certificate of the training's cycle exists already (another job made it meanwhile). */
export async function insertCertificate(db: DbOrTrx, row: CertificateRow): Promise<boolean> {
  const res = await db
    .insertInto('course_certificates')
    .values(row)
    .onConflict((oc) => oc.columns(['client_id', 'training_id', 'user_id', 'cycle']).doNothing())
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

/** Records a code a certificate's PDF carries (issue, re-issue, or the first regeneration of an older certificate). */
export const insertCertificateCode = (db: DbOrTrx, row: Insertable<CertificateCodesTable>) =>
  db.insertInto('certificate_codes').values(row).execute();

/** Points a certificate at the code its current PDF carries. */
export const setCurrentCode = (db: DbOrTrx, clientId: string, id: string, code: string) =>
  db
    .updateTable('course_certificates')
    .set({ verification_code: code })
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .execute();

/** Withdraws one code (a withdrawal, or the old code of a re-issued certificate); answers false when it already was. */
export async function withdrawCode(
  db: DbOrTrx,
  clientId: string,
  code: string,
  at: string,
  reason: string,
): Promise<boolean> {
  const res = await db
    .updateTable('certificate_codes')
    .set({ withdrawn_at: at, withdrawn_reason: reason })
    .where('client_id', '=', clientId)
    .where('code', '=', code)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

export const findCertificateCode = (db: DbOrTrx, clientId: string, code: string) =>
  db
    .selectFrom('certificate_codes')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('code', '=', code)
    .executeTakeFirst();

/**
 * What the public verification shows of one code, in one statement: the holder, the course title in the
 * certificate's language (falling back as DECISIONS "course texts"), the dates and the withdrawal. A wrong code, or
 * another client's, runs the very same statement and finds nothing, so no answer takes longer than another by what
 * it finds (issue 30 point 2).
 */
export function findVerification(db: DbOrTrx, clientId: string, code: string) {
  return db
    .selectFrom('certificate_codes as k')
    .innerJoin('course_certificates as cc', 'cc.id', 'k.certificate_id')
    .innerJoin('users as u', 'u.id', 'cc.user_id')
    .innerJoin('trainings as tr', 'tr.id', 'cc.training_id')
    .leftJoin('course_texts as t0', (j) =>
      j.onRef('t0.course_id', '=', 'tr.course_id').onRef('t0.locale', '=', 'cc.locale'),
    )
    .leftJoin('course_texts as t1', (j) => j.onRef('t1.course_id', '=', 'tr.course_id').on('t1.locale', '=', 'en-US'))
    .leftJoin('course_texts as t2', (j) => j.onRef('t2.course_id', '=', 'tr.course_id').on('t2.locale', '=', 'de-DE'))
    .select([
      'k.created_at',
      'k.withdrawn_at',
      'cc.valid_until',
      'u.first_name',
      'u.last_name',
      sql<string | null>`coalesce(t0.title, t1.title, t2.title)`.as('course_title'),
    ])
    .where('k.client_id', '=', clientId)
    .where('k.code', '=', code)
    .executeTakeFirst();
}

/**
 * The users of a training whose certificate was made (issued or regenerated) at or after `since`: a regeneration
 * that runs again after its process died skips them (issue 33: the job resumes instead of starting over).
 */
export async function usersWithCertificateMadeSince(
  db: DbOrTrx,
  clientId: string,
  trainingId: string,
  since: string,
): Promise<Set<string>> {
  const rows = await db
    .selectFrom('course_certificates')
    .select('user_id')
    .where('client_id', '=', clientId)
    .where('training_id', '=', trainingId)
    .where((eb) => eb.or([eb('regenerated_at', '>=', since), eb('issued_at', '>=', since)]))
    .execute();
  return new Set(rows.map((r) => r.user_id));
}
