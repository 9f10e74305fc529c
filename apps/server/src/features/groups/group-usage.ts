import type { TLocale } from '@lms/contracts/constants';
import type { TGroupDetail } from '@lms/contracts/groups';
import type { DbOrTrx } from '../../db/database';
import { countTrainingsOfGroup, coursesOfTrainingGroups } from '../trainings/training-usage';

/**
 * What else holds on to a group besides its members: trainings assign courses to groups. The first keeps a group
 * with trainings from being deleted (spec section 5), the second lists a group's courses (spec section 3).
 */
export const countGroupTrainings = (db: DbOrTrx, clientId: string, groupId: string): Promise<number> =>
  countTrainingsOfGroup(db, clientId, groupId);

export const coursesOfGroups = (
  db: DbOrTrx,
  clientId: string,
  groupIds: readonly string[],
  locale: TLocale,
): Promise<Map<string, TGroupDetail['courses']>> => coursesOfTrainingGroups(db, clientId, groupIds, locale);
