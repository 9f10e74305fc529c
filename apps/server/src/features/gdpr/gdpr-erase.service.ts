import type { TGdprErasure } from '@lms/contracts/gdpr';
import type { Trx } from '../../db/database';
import { recordAudit, redactAuditPersonalData, type AuditActor } from '../../platform/audit/audit';
import type { AppDeps } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import { nowIso } from '../../platform/ids';
import type { Actor } from '../../platform/session';
import { removeFromStorage, storageKey } from '../../platform/storage';
import { readClientSetting } from '../clients';
import { assertNotHigherRank, findUserById, findUserInScope, resolveUserScope, type UserRow } from '../users';
import {
  anonymiseUserRow,
  countCertificatesOf,
  deleteCertificatesOf,
  eraseAccess,
  eraseAppointments,
  eraseMails,
  eraseMessages,
  erasePremium,
  eraseScormData,
  scrubElsewhere,
} from './gdpr-erase.repository';
import { personMarks } from './gdpr-marks';
import { deleteExportsOf, exportsOf, findErasure, insertErasure } from './gdpr.repository';
import type { GdprErasuresTable } from './gdpr.table';

const YEAR_MS = 365.25 * 86_400_000;

/** Where users keep their profile pictures (features/users/user-picture.ts names the same key). */
const pictureKey = (clientId: string, file: string) => storageKey('profile-pictures', clientId, file);

const present = (
  row: Pick<GdprErasuresTable, 'user_id' | 'erased_at' | 'certificates_until'>,
  counts: { kept: number; deleted: number },
): TGdprErasure => ({
  userId: row.user_id,
  erasedAt: row.erased_at,
  certificatesKept: counts.kept,
  certificatesDeleted: counts.deleted,
  certificatesUntil: row.certificates_until,
});

/**
 * Art. 17 on an admin's request: the person of the admin's client (404 for anyone else) is anonymised in one
 * transaction, then their stored files go. Not the admin themself, nor someone of a higher rank. Erasing someone
 * erased before answers that erasure again.
 */
export async function eraseUser(deps: AppDeps, actor: Actor, userId: string): Promise<TGdprErasure> {
  const scope = await resolveUserScope(deps, actor);
  const user = await findUserInScope(deps.db, scope, userId);
  if (user.id === actor.userId) badRequest('cannot_delete_self');
  assertNotHigherRank(actor, [user]);
  return eraseAccount(deps, user, { kind: 'user', id: actor.userId }, 'request');
}

/** The erasure itself, for an admin's request and for the inactivity retention. */
export async function eraseAccount(
  deps: AppDeps,
  user: UserRow,
  by: AuditActor,
  reason: 'request' | 'retention',
): Promise<TGdprErasure> {
  const clientId = user.client_id;
  const keepYears = await readClientSetting(deps.db, clientId, 'certificateKeepYears');
  const done = await deps.db.transaction().execute(async (trx) => {
    const before = await findErasure(trx, clientId, user.id);
    if (before) return { erasure: present(before, { kept: 0, deleted: 0 }), files: [] as string[] };
    // Read again inside the transaction: the row the caller holds may be older than a concurrent change.
    const current = (await findUserById(trx, clientId, user.id)) ?? user;
    const files = await erasePersonalData(trx, current);
    const now = nowIso();
    let certificatesUntil: string | null = null;
    let kept = 0;
    let deleted = 0;
    if (keepYears > 0) {
      kept = await countCertificatesOf(trx, clientId, user.id);
      if (kept > 0) certificatesUntil = new Date(Date.now() + keepYears * YEAR_MS).toISOString();
    } else {
      const certificateFiles = await deleteCertificatesOf(trx, clientId, user.id);
      deleted = certificateFiles.length;
      files.push(...certificateFiles);
    }
    const row = {
      client_id: clientId,
      user_id: user.id,
      erased_at: now,
      erased_by: by.kind === 'user' ? by.id : null,
      reason,
      certificates_until: certificatesUntil,
    };
    await insertErasure(trx, row);
    await redactAuditPersonalData(trx, clientId, user.id);
    await recordAudit(trx, {
      clientId,
      actor: by,
      action: reason === 'request' ? 'gdpr.erased' : 'gdpr.retention-erased',
      object: { type: 'user', id: user.id },
      subjectUserId: user.id,
    });
    return { erasure: present(row, { kept, deleted }), files };
  });
  await removeFiles(deps, done.files);
  return done.erasure;
}

/** Everything but the certificates, in the caller's transaction; answers the stored files to remove after it. */
async function erasePersonalData(trx: Trx, user: UserRow): Promise<string[]> {
  const clientId = user.client_id;
  const marks = personMarks(user);
  await eraseAccess(trx, clientId, user.id, marks);
  await eraseMessages(trx, clientId, user.id, marks);
  const appointmentMails = await eraseAppointments(trx, clientId, user.id);
  await eraseMails(trx, clientId, user.id, marks, appointmentMails);
  await eraseScormData(trx, clientId, user.id);
  await erasePremium(trx, clientId, user.id);
  await scrubElsewhere(trx, clientId, user.id, marks);
  const exports = await exportsOf(trx, clientId, user.id);
  await deleteExportsOf(trx, clientId, user.id);
  await anonymiseUserRow(trx, clientId, user.id);
  const files = exports.map((e) => e.file_key).filter((k): k is string => k !== null);
  if (user.profile_picture) files.push(pictureKey(clientId, user.profile_picture));
  return files;
}

/**
 * The files go after the commit: removed before it, a rollback would leave rows naming missing files. A store that
 * fails here leaves a file no row names; the erasure stands and the failure is logged for the operator.
 */
async function removeFiles(deps: AppDeps, keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    try {
      await removeFromStorage(deps.config, key);
    } catch (err) {
      console.error('gdpr erasure: a stored file could not be removed', { key, err });
    }
  }
}

export { removeFiles as removeStoredFiles };
