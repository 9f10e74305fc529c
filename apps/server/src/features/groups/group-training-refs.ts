import type { DbOrTrx } from '../../db/database';
import { findGroupsByIds, groupRefsOfUsers, userIdsOfGroup } from './group.repository';

// What the trainings feature asks of groups: which groups exist, their members, and the groups of given users.
// Trainings may be assigned to externally managed groups too: only their membership is the directory's.

export interface TrainingGroupRef {
  id: string;
  name: string;
}

/** The client's groups among these ids (an unknown or foreign id is simply missing). */
export async function findTrainingGroups(
  db: DbOrTrx,
  clientId: string,
  ids: readonly string[],
): Promise<TrainingGroupRef[]> {
  const unique = [...new Set(ids)];
  const rows: TrainingGroupRef[] = [];
  for (let i = 0; i < unique.length; i += 500) {
    const found = await findGroupsByIds(db, clientId, unique.slice(i, i + 500));
    rows.push(...found.map((g) => ({ id: g.id, name: g.name })));
  }
  return rows.sort((a, b) => a.name.localeCompare(b.name));
}

/** Everyone who is a member of at least one of the groups, once. */
export async function memberIdsOfGroups(db: DbOrTrx, clientId: string, groupIds: readonly string[]): Promise<string[]> {
  const ids = new Set<string>();
  for (const groupId of new Set(groupIds)) {
    for (const userId of await userIdsOfGroup(db, clientId, groupId, 'group_members')) ids.add(userId);
  }
  return [...ids];
}

/** The groups each of these users is a member of now. */
export async function groupIdsOfMembers(
  db: DbOrTrx,
  clientId: string,
  userIds: readonly string[],
): Promise<Map<string, string[]>> {
  const refs = await groupRefsOfUsers(db, clientId, userIds, 'group_members');
  return new Map(userIds.map((id) => [id, (refs.get(id) ?? []).map((g) => g.id)]));
}
