import type { TGroupDetail } from '@lms/contracts/groups';
import type { DbOrTrx } from '../../db/database';

/**
 * What else holds on to a group besides its members. Trainings assign courses to groups (issue "trainings"); until
 * that feature exists there is nothing to count. The trainings feature fills these two in: the first keeps a
 * group with trainings from being deleted (spec section 5), the second lists a group's courses (spec section 3).
 */
export async function countGroupTrainings(_db: DbOrTrx, _clientId: string, _groupId: string): Promise<number> {
  return Promise.resolve(0);
}

export async function coursesOfGroups(
  _db: DbOrTrx,
  _clientId: string,
  groupIds: readonly string[],
): Promise<Map<string, TGroupDetail['courses']>> {
  return Promise.resolve(new Map(groupIds.map((id) => [id, []])));
}
