import type { AppDeps } from '../../platform/deps';
import { removeFromStorage } from '../../platform/storage';
import { deleteCertificatesOf } from './gdpr-erase.repository';
import { removeStoredFiles } from './gdpr-erase.service';
import {
  clearCertificatesUntil,
  erasuresWithCertificatesDue,
  expiredExports,
  markExportExpired,
} from './gdpr.repository';

/**
 * The retention clean-up's part for GDPR (features/jobs/retention-cleanup.job.ts): exports past their days lose
 * their zip (the row stays, "expired", so the person sees what happened), and certificates kept after an erasure
 * for the client's legal period go when it ends. Answers how many of each; a batch of at most `limit`.
 */
export async function removeExpiredExports(deps: AppDeps, now: Date, limit: number): Promise<number> {
  const rows = await expiredExports(deps.db, now.toISOString(), limit);
  for (const r of rows) {
    if (r.file_key) await removeFromStorage(deps.config, r.file_key);
    await markExportExpired(deps.db, r.client_id, r.id);
  }
  return rows.length;
}

export async function removeDueCertificates(deps: AppDeps, now: Date, limit: number): Promise<number> {
  const rows = await erasuresWithCertificatesDue(deps.db, now.toISOString(), limit);
  for (const r of rows) {
    const files = await deps.db.transaction().execute(async (trx) => {
      const keys = await deleteCertificatesOf(trx, r.client_id, r.user_id);
      await clearCertificatesUntil(trx, r.client_id, r.user_id);
      return keys;
    });
    await removeStoredFiles(deps, files);
  }
  return rows.length;
}
