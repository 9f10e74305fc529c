import type { Insertable, Selectable } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import type { GdprErasuresTable, GdprExportsTable } from './gdpr.table';

export type GdprExportRow = Selectable<GdprExportsTable>;

export const insertExport = (db: DbOrTrx, row: Insertable<GdprExportsTable>) =>
  db.insertInto('gdpr_exports').values(row).execute();

export const findExport = (db: DbOrTrx, clientId: string, id: string) =>
  db.selectFrom('gdpr_exports').selectAll().where('client_id', '=', clientId).where('id', '=', id).executeTakeFirst();

/** The latest exports of a person (the index gdpr_exports_user, newest first). */
export const latestExportsOf = (db: DbOrTrx, clientId: string, userId: string, limit: number) =>
  db
    .selectFrom('gdpr_exports')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

export async function markExportReady(
  db: DbOrTrx,
  clientId: string,
  id: string,
  file: { key: string; size: number; readyAt: string; expiresAt: string },
): Promise<void> {
  await db
    .updateTable('gdpr_exports')
    .set({
      status: 'ready',
      file_key: file.key,
      file_size: file.size,
      ready_at: file.readyAt,
      expires_at: file.expiresAt,
    })
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .execute();
}

export async function markExportFailed(db: DbOrTrx, clientId: string, id: string): Promise<void> {
  await db
    .updateTable('gdpr_exports')
    .set({ status: 'failed' })
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .execute();
}

/** Every export of a person: their files go with an erasure. */
export const exportsOf = (db: DbOrTrx, clientId: string, userId: string) =>
  db
    .selectFrom('gdpr_exports')
    .select(['id', 'file_key'])
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .execute();

export const deleteExportsOf = (db: DbOrTrx, clientId: string, userId: string) =>
  db.deleteFrom('gdpr_exports').where('client_id', '=', clientId).where('user_id', '=', userId).execute();

/** Finished exports past their time, across clients (the retention clean-up), a batch at a time. */
export const expiredExports = (db: DbOrTrx, now: string, limit: number) =>
  db
    .selectFrom('gdpr_exports')
    .select(['client_id', 'id', 'file_key'])
    .where('expires_at', '<', now)
    .where('status', '=', 'ready')
    .limit(limit)
    .execute();

export async function markExportExpired(db: DbOrTrx, clientId: string, id: string): Promise<void> {
  await db
    .updateTable('gdpr_exports')
    .set({ status: 'expired', file_key: null })
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .execute();
}

export const findErasure = (db: DbOrTrx, clientId: string, userId: string) =>
  db
    .selectFrom('gdpr_erasures')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .executeTakeFirst();

export const insertErasure = (db: DbOrTrx, row: Insertable<GdprErasuresTable>) =>
  db.insertInto('gdpr_erasures').values(row).execute();

/** Erasures whose kept certificates are due for deletion, across clients, a batch at a time. */
export const erasuresWithCertificatesDue = (db: DbOrTrx, now: string, limit: number) =>
  db
    .selectFrom('gdpr_erasures')
    .select(['client_id', 'user_id'])
    .where('certificates_until', '<', now)
    .limit(limit)
    .execute();

export async function clearCertificatesUntil(db: DbOrTrx, clientId: string, userId: string): Promise<void> {
  await db
    .updateTable('gdpr_erasures')
    .set({ certificates_until: null })
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .execute();
}
