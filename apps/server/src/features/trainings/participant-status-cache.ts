import { ZParticipantPage, type TParticipantListQuery } from '@lms/contracts/trainings';
import type { AppDeps } from '../../platform/deps';
import type { Actor } from '../../platform/session';
import { shortCache } from '../../platform/short-cache';
import { listParticipantStatuses } from './participant.service';

/** How long a page of a training's status table is kept per process (issue 15: under 20 ms at 10,000 participants). */
export const STATUS_PAGE_CACHE_MS = 5_000;

/**
 * A page of the status table as its serialised JSON, per scope, training and query: read from the participants,
 * their module values, the course's modules (write family `learning`) and the users' names and groups (`people`),
 * so a write to any of them in this process drops it at once; another process's write shows within
 * STATUS_PAGE_CACHE_MS. Counting 10,000 participants and sorting them by name is what a page costs otherwise.
 */
const statusPages = shortCache<string>({ ms: STATUS_PAGE_CACHE_MS, entries: 500, families: ['learning', 'people'] });

export function participantStatusesJson(
  deps: AppDeps,
  actor: Actor,
  trainingId: string,
  query: TParticipantListQuery,
): Promise<string> {
  // The actor's scope (their coordinated groups) is read inside; a change of it writes `group_coordinators`.
  // Validated and stripped by the route's contract once, as the schema serializer would on every answer.
  return statusPages(
    deps.db,
    { client: actor.clientId, user: actor.userId, role: actor.role, trainingId, query },
    async () => JSON.stringify(ZParticipantPage.parse(await listParticipantStatuses(deps, actor, trainingId, query))),
  );
}
