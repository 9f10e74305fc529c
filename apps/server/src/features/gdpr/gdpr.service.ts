import type { Readable } from 'node:stream';
import type { TGdprExport, TGdprExportList } from '@lms/contracts/gdpr';
import { can } from '@lms/contracts/permissions';
import { recordAudit } from '../../platform/audit/audit';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import { wakeWorkers } from '../../platform/jobs';
import { enqueueJob } from '../../platform/jobs-store';
import type { Actor } from '../../platform/session';
import { openFromStorage } from '../../platform/storage';
import { findUserInScope, resolveUserScope } from '../users';
import { GDPR_EXPORT_JOB, type GdprExportPayload } from './gdpr-export.job';
import { findErasure, findExport, insertExport, latestExportsOf, type GdprExportRow } from './gdpr.repository';

/** A person sees their last few exports; older ones are expired anyway. */
const LIST_LIMIT = 5;

const present = (r: GdprExportRow): TGdprExport => ({
  id: r.id,
  userId: r.user_id,
  jobId: r.job_id,
  status: r.status as TGdprExport['status'],
  size: r.file_size === null ? null : Number(r.file_size),
  createdAt: r.created_at,
  readyAt: r.ready_at,
  expiresAt: r.expires_at,
});

/**
 * Starts an export of `userId`'s data (the actor's own, or, for an admin, any user of their client: 404 for one
 * outside) as a job; answers the export with its job, which GET /api/jobs/{id} reports on.
 */
async function startExport(deps: AppDeps, actor: Actor, userId: string): Promise<TGdprExport> {
  const id = newId();
  const row = await deps.db.transaction().execute(async (trx) => {
    if (await findErasure(trx, actor.clientId, userId)) notFound('user');
    const jobId = await enqueueJob(trx, {
      clientId: actor.clientId,
      kind: GDPR_EXPORT_JOB,
      payload: { exportId: id } satisfies GdprExportPayload,
      createdBy: actor.userId,
      capability: userId === actor.userId ? null : 'users.gdpr',
      total: 1,
    });
    const inserted = {
      client_id: actor.clientId,
      id,
      user_id: userId,
      requested_by: actor.userId,
      job_id: jobId,
      status: 'queued',
      file_key: null,
      file_size: null,
      created_at: nowIso(),
      ready_at: null,
      expires_at: null,
    };
    await insertExport(trx, inserted);
    await recordAudit(trx, {
      clientId: actor.clientId,
      actor: { kind: 'user', id: actor.userId },
      action: 'gdpr.export-requested',
      object: { type: 'gdpr-export', id },
      subjectUserId: userId,
    });
    return inserted;
  });
  wakeWorkers();
  return present(row);
}

export const requestOwnExport = (deps: AppDeps, actor: Actor): Promise<TGdprExport> =>
  startExport(deps, actor, actor.userId);

export async function requestUserExport(deps: AppDeps, actor: Actor, userId: string): Promise<TGdprExport> {
  const user = await findUserInScope(deps.db, await resolveUserScope(deps, actor), userId);
  return startExport(deps, actor, user.id);
}

export async function listOwnExports(deps: AppDeps, actor: Actor): Promise<TGdprExportList> {
  return { items: (await latestExportsOf(deps.db, actor.clientId, actor.userId, LIST_LIMIT)).map(present) };
}

export async function listUserExports(deps: AppDeps, actor: Actor, userId: string): Promise<TGdprExportList> {
  const user = await findUserInScope(deps.db, await resolveUserScope(deps, actor), userId);
  return { items: (await latestExportsOf(deps.db, actor.clientId, user.id, LIST_LIMIT)).map(present) };
}

/**
 * The zip of a ready export, to the person it is about or to an admin of their client (anyone else: 404, as for
 * an unknown id). The link in the mail points here through the app: without a session nothing is answered.
 */
export async function openExport(
  deps: AppDeps,
  actor: Actor,
  id: string,
): Promise<{ stream: Readable; size: number; fileName: string }> {
  const row = (await findExport(deps.db, actor.clientId, id)) ?? notFound('export');
  const mayRead = row.user_id === actor.userId || can(actor.role, 'users.gdpr');
  if (!mayRead || row.status !== 'ready' || !row.file_key) notFound('export');
  const file = (await openFromStorage(deps.config, row.file_key as string)) ?? notFound('export');
  return { ...file, fileName: `data-export-${row.created_at.slice(0, 10)}.zip` };
}
