import { LAUNCH_TOKEN_TTL_MINUTES, type TLaunchResult } from '@lms/contracts/scorm-runtime';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import type { Actor } from '../../platform/session';
import type { Tenant } from '../../platform/tenant';
import { findRuntimeModule, type RuntimeModule } from '../modules';
import { signLaunchToken, type LaunchClaims } from './launch-token';
import {
  findLatestPreviewAttempt,
  findTrainingAttempt,
  insertAttempt,
  type AttemptRow,
} from './scorm-runtime.repository';

// Launches (ARCHITECTURE section 6): the app origin hands out a short-lived, attempt-scoped token and the player URL
// on the content origin that carries it. Nothing of the app's session goes along.

function launchResult(
  deps: AppDeps,
  module: RuntimeModule,
  attempt: AttemptRow,
  platformDomain: string,
): TLaunchResult {
  const expiresMs = Date.now() + LAUNCH_TOKEN_TTL_MINUTES * 60_000;
  const claims: LaunchClaims = {
    c: attempt.client_id,
    u: attempt.user_id,
    co: module.courseId,
    m: module.id,
    p: module.packageKey.split('/').at(-1) ?? '',
    a: attempt.id,
    k: attempt.kind === 'training' ? 'training' : 'preview',
    t: attempt.training_id,
    d: platformDomain,
    e: Math.floor(expiresMs / 1000),
  };
  const token = signLaunchToken(deps.config.appSecret, claims);
  return {
    launchUrl: `${deps.config.contentOrigin}/player/${token}/`,
    expiresAt: new Date(claims.e * 1000).toISOString(),
  };
}

async function newAttempt(
  deps: AppDeps,
  fields: { clientId: string; userId: string; moduleId: string; trainingId: string | null; cycle?: number },
): Promise<AttemptRow> {
  const now = nowIso();
  const row: AttemptRow = {
    id: newId(),
    client_id: fields.clientId,
    kind: fields.trainingId === null ? 'preview' : 'training',
    user_id: fields.userId,
    training_id: fields.trainingId,
    module_id: fields.moduleId,
    status: 'PENDING',
    success_status: 'unknown',
    last_item_id: null,
    completed_at: null,
    score_pct: null,
    score_raw: null,
    total_time_cs: 0,
    cycle: fields.cycle ?? 1,
    created_at: now,
    updated_at: now,
  };
  await insertAttempt(deps.db, row);
  return row;
}

/**
 * Issue 5 "Preview": a content master launches any module of a course before any training exists. The preview keeps
 * its runtime data in preview attempts of its own, never in a learner's; `restart` begins a fresh attempt.
 */
export async function launchPreview(
  deps: AppDeps,
  actor: Actor,
  tenant: Tenant,
  ids: { courseId: string; moduleId: string },
  restart: boolean,
): Promise<TLaunchResult> {
  const module = await findRuntimeModule(deps.db, actor.clientId, ids.moduleId, actor.locale);
  if (!module || module.courseId !== ids.courseId) return notFound('module');
  const existing = restart
    ? undefined
    : await findLatestPreviewAttempt(deps.db, actor.clientId, actor.userId, module.id);
  const attempt =
    existing ??
    (await newAttempt(deps, { clientId: actor.clientId, userId: actor.userId, moduleId: module.id, trainingId: null }));
  return launchResult(deps, module, attempt, tenant.platformDomain);
}

/**
 * For the trainings feature (learner route /training/{id}/module/{moduleId}): the caller has checked that the user
 * takes part in the training and that the module is not locked. One attempt per user, training, module and cycle
 * (issue 30 point 1: a closed cycle's attempts are archived, so the new cycle starts afresh).
 */
export async function launchTrainingModule(
  deps: AppDeps,
  tenant: Tenant,
  ids: { userId: string; trainingId: string; moduleId: string; locale: Actor['locale']; cycle: number },
): Promise<TLaunchResult> {
  const module = (await findRuntimeModule(deps.db, tenant.id, ids.moduleId, ids.locale)) ?? notFound('module');
  const find = () => findTrainingAttempt(deps.db, tenant.id, ids);
  const create = () =>
    newAttempt(deps, {
      clientId: tenant.id,
      userId: ids.userId,
      moduleId: module.id,
      trainingId: ids.trainingId,
      cycle: ids.cycle,
    });
  // Two launches at once both find nothing; the unique index lets one insert win and the other reads it back.
  const attempt =
    (await find()) ??
    (await create().catch(async (err: unknown) => {
      const winner = await find();
      if (!winner) throw err;
      return winner;
    }));
  return launchResult(deps, module, attempt, tenant.platformDomain);
}
