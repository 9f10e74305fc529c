import type { AppDeps } from '../../platform/deps';
import type { Actor } from '../../platform/session';
import { shortCache } from '../../platform/short-cache';
import { storedDashboardJson } from './learner-dashboard-store';

/**
 * The learner dashboard's answer (`GET /user-course-trainings`), kept as its serialised JSON per user and locale for
 * DASHBOARD_CACHE_MS (issue 15). Only a help on top (issue 33): below it, each learner's answer is kept in the
 * database under stamps that triggers move (learner-dashboard-store.ts), so a request whose asker is not here costs
 * one read by primary key. When full, the least recently used entry makes room (platform/short-cache.ts).
 * An entry is dropped as soon as this process writes to a training, course or module table (db/write-generation);
 * another process's write shows within DASHBOARD_CACHE_MS, the stated staleness bound (docs/architecture.md).
 */
export const DASHBOARD_CACHE_MS = 5_000;
/** Entries kept at most (a few KB each), so the cache stays a few MB whatever the number of learners. */
export const DASHBOARD_CACHE_ENTRIES = 2_000;

const cache = shortCache<string>({ ms: DASHBOARD_CACHE_MS, entries: DASHBOARD_CACHE_ENTRIES, families: ['learning'] });

export const myTrainingsJson = (deps: AppDeps, actor: Actor): Promise<string> =>
  cache(deps.db, [actor.clientId, actor.userId, actor.locale], () => storedDashboardJson(deps, actor));
