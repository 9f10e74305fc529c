import type { TJob } from '@lms/contracts/jobs';
import { can, type TCapability } from '@lms/contracts/permissions';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { findJobById, presentJob } from '../../platform/jobs-store';
import type { Actor } from '../../platform/session';

/**
 * A job is visible to the user who started it and to holders of the capability it was started under; to anyone
 * else, and to every other client, it does not exist.
 */
export async function readJob(deps: AppDeps, actor: Actor, id: string): Promise<TJob> {
  const row = (await findJobById(deps.db, actor.clientId, id)) ?? notFound('job');
  const mine = row.created_by === actor.userId;
  const allowed = row.capability !== null && can(actor.role, row.capability as TCapability);
  if (!mine && !allowed) notFound('job');
  return presentJob(row);
}
