import { randomBytes } from 'node:crypto';
import { LOCALES, type TLocale } from '@lms/contracts/constants';
import { pickLocalized } from '@lms/contracts/modules';
import type { TModuleStatus, TRuntimeData, TRuntimeState } from '@lms/contracts/scorm-runtime';
import type { AppDeps } from '../../platform/deps';
import { fail, notFound } from '../../platform/errors';
import type { PlayerLaunchable, RuntimeModule } from '../modules';
import type { CmiModel } from './cmi-model';
import { scorm12Model } from './cmi-scorm12';
import { scorm2004Model } from './cmi-scorm2004';
import { verifyLaunchToken, type LaunchClaims } from './launch-token';
import { findAttempt, findLearner, findScoData, listScoData, type AttemptRow } from './scorm-runtime.repository';
import { findRuntimeModuleCached } from './runtime-module-cache';

// The runtime behind the content origin's /runtime/<token>/... calls. Every call starts from the launch token: it
// must verify, and the attempt, learner and module it names must still exist and belong together.

export type RuntimeContext = {
  claims: LaunchClaims;
  attempt: AttemptRow;
  module: RuntimeModule;
  learner: { id: string; name: string; locale: TLocale };
};

/** 401 `launch_expired` for an expired token (the player says so), 404 for anything else. */
export function checkToken(deps: AppDeps, token: string): LaunchClaims {
  const check = verifyLaunchToken(deps.config.appSecret, token);
  if (check.ok) return check.claims;
  return check.reason === 'expired' ? fail(401, 'launch_expired') : notFound();
}

/** The attempt the token names, as read, or 404: it must still exist and belong to the token's user and module. */
export function attemptOf(claims: LaunchClaims, attempt: AttemptRow | undefined): AttemptRow {
  const matches =
    attempt?.user_id === claims.u &&
    attempt.module_id === claims.m &&
    attempt.kind === claims.k &&
    attempt.training_id === claims.t;
  return attempt && matches ? attempt : notFound('attempt');
}

export async function openRuntime(deps: AppDeps, token: string): Promise<RuntimeContext> {
  const claims = checkToken(deps, token);
  const attempt = attemptOf(claims, await findAttempt(deps.db, claims.c, claims.a));
  const learner = (await findLearner(deps.db, claims.c, claims.u)) ?? notFound('user');
  const locale = (LOCALES as readonly string[]).includes(learner.locale) ? (learner.locale as TLocale) : 'de-DE';
  const module = (await findRuntimeModuleCached(deps.db, claims.c, claims.m, locale)) ?? notFound('module');
  return {
    claims,
    attempt,
    module,
    // SCORM 1.2 RTE 3.4.2 cmi.core.student_name: "Last, First".
    learner: { id: learner.id, name: `${learner.last_name}, ${learner.first_name}`, locale },
  };
}

let lastMs = 0;
let inMs = 0;

/**
 * A player page's session id. A later page's id sorts after an earlier one's (the stale-commit rule in
 * runtime-commit): the time first, then a counter for pages opened in the same millisecond by this process, then
 * randomness so two processes never mint the same id.
 */
export function newRuntimeSession(now = Date.now()): string {
  inMs = now <= lastMs ? inMs + 1 : 0;
  lastMs = Math.max(now, lastMs);
  const time = lastMs.toString(36).padStart(9, '0');
  return `${time}-${inMs.toString(36).padStart(4, '0')}-${randomBytes(6).toString('hex')}`;
}

export const modelOf = (module: RuntimeModule): CmiModel =>
  module.version === 'scorm12' ? scorm12Model : scorm2004Model;

export function findLaunchable(module: RuntimeModule, itemId: string): PlayerLaunchable {
  return module.manifest.launchables.find((l) => l.itemIdentifier === itemId) ?? notFound('item');
}

/** Where a launch begins: the item last worked on, else the first not completed, else the first. */
function startItem(launchables: PlayerLaunchable[], statuses: Map<string, TModuleStatus>, last: string | null) {
  const ids = launchables.map((l) => l.itemIdentifier);
  if (last && ids.includes(last)) return last;
  return ids.find((id) => statuses.get(id) !== 'COMPLETED') ?? ids[0] ?? '';
}

export async function getRuntimeState(deps: AppDeps, ctx: RuntimeContext): Promise<TRuntimeState> {
  const rows = await listScoData(deps.db, ctx.claims.c, ctx.attempt.id);
  const statuses = new Map(rows.map((r) => [r.item_id, r.status as TModuleStatus]));
  const { manifest } = ctx.module;
  return {
    kind: ctx.module.kind,
    version: ctx.module.version,
    title: pickLocalized(ctx.module.titles, ctx.learner.locale)?.title ?? manifest.title,
    preview: ctx.attempt.kind === 'preview',
    toc: manifest.toc,
    launchables: manifest.launchables.map((l) => ({
      itemId: l.itemIdentifier,
      title: l.title,
      href: l.href,
      scormType: l.scormType,
      status: statuses.get(l.itemIdentifier) ?? 'PENDING',
    })),
    startItemId: startItem(manifest.launchables, statuses, ctx.attempt.last_item_id),
    session: newRuntimeSession(),
    moduleStatus: ctx.attempt.status as TModuleStatus,
    locale: ctx.learner.locale,
  };
}

/** The values a fresh API is loaded with before its SCO is framed: saved data plus what the LMS owns. */
export async function getItemData(deps: AppDeps, ctx: RuntimeContext, itemId: string): Promise<TRuntimeData> {
  const launchable = findLaunchable(ctx.module, itemId);
  const row = await findScoData(deps.db, ctx.claims.c, ctx.attempt.id, itemId);
  // RTE: entry is ab-initio on the first launch, resume after exit=suspend, else empty.
  const entry = !row ? 'ab-initio' : row.exit === 'suspend' ? 'resume' : '';
  const cmi = modelOf(ctx.module).initialCmi(row ? (JSON.parse(row.cmi) as Record<string, unknown>) : undefined, {
    learnerId: ctx.learner.id,
    learnerName: ctx.learner.name,
    // A preview never counts toward anything (issue 5 "kept apart from learners' data").
    credit: ctx.attempt.kind === 'preview' ? 'no-credit' : 'credit',
    entry,
    totalCs: row ? Number(row.total_time_cs) : 0,
    launchable,
  });
  return { itemId, cmi };
}
