import { ZUserTrainingList } from '@lms/contracts/trainings';
import { writeGeneration } from '../../db/write-generation';
import type { AppDeps } from '../../platform/deps';
import type { Actor } from '../../platform/session';
import { listMyTrainings } from './learner.service';

/**
 * The learner dashboard's answer (`GET /user-course-trainings`), kept as its serialised JSON per user and locale for
 * DASHBOARD_CACHE_MS (issue 15: the most called learner page reads 20 trainings out of millions of status rows).
 * An entry is dropped as soon as this process writes to a training, course or module table (db/write-generation);
 * another process's write shows within DASHBOARD_CACHE_MS, the stated staleness bound (docs/architecture.md).
 */
export const DASHBOARD_CACHE_MS = 5_000;
/** Entries kept at most (a few KB each), so the cache stays a few MB whatever the number of learners. */
export const DASHBOARD_CACHE_ENTRIES = 2_000;

// The entry holds the answer's promise, so requests that arrive while it is being made wait for that one read
// instead of each making their own; a failed read is not kept.
const cache = new Map<string, { generation: number; until: number; json: Promise<string> }>();

export function myTrainingsJson(deps: AppDeps, actor: Actor): Promise<string> {
  const key = `${actor.clientId}|${actor.userId}|${actor.locale}`;
  const now = Date.now();
  const generation = writeGeneration();
  const hit = cache.get(key);
  if (hit && hit.until > now && hit.generation === generation) return hit.json;
  // Validated and stripped by the route's contract once, as the schema serializer would on every answer.
  const json = listMyTrainings(deps, actor).then((list) => JSON.stringify(ZUserTrainingList.parse(list)));
  if (cache.size >= DASHBOARD_CACHE_ENTRIES) cache.clear();
  const entry = { generation, until: now + DASHBOARD_CACHE_MS, json };
  cache.set(key, entry);
  json.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return json;
}
