import { ZUserPage, type TUserListQuery } from '@lms/contracts/users';
import type { AppDeps } from '../../platform/deps';
import type { Actor } from '../../platform/session';
import { shortCache } from '../../platform/short-cache';
import { listUsers } from './user.service';

/** How long a page of the user list is kept per process (issue 15: the list at 1,000 req/s at 100,000 users). */
export const USER_PAGE_CACHE_MS = 5_000;

/**
 * A page of the user list as its serialised JSON, per actor and query. It is read from the users, their groups and
 * companies (write family `people`), so a write to any of them in this process drops it at once (a login too, which
 * writes the last login); another process's write shows within USER_PAGE_CACHE_MS. The actor's scope (their
 * coordinated groups) is read inside, and a change of it is a write to `group_coordinators`.
 */
const userPages = shortCache<string>({ ms: USER_PAGE_CACHE_MS, entries: 500, families: ['people'] });

export const userPageJson = (deps: AppDeps, actor: Actor, query: TUserListQuery): Promise<string> =>
  userPages(deps.db, { client: actor.clientId, user: actor.userId, role: actor.role, query }, async () =>
    // Validated and stripped by the route's contract once, as the schema serializer would on every answer.
    JSON.stringify(ZUserPage.parse(await listUsers(deps, actor, query))),
  );
