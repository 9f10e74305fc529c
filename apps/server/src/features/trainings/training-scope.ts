import type { DbOrTrx } from '../../db/database';
import { notFound } from '../../platform/errors';
import type { UserScope } from '../users';
import { findTrainingById, isTrainingOfGroups, type TrainingRow } from './training.repository';

// PERMISSIONS.md "Scopes": a coordinator sees and manages the trainings assigned to a group they coordinate (and
// within them only the members of those groups); the other coordination roles see all trainings of their client.

export const isCoordinatorScope = (scope: UserScope): scope is UserScope & { groupIds: string[] } =>
  scope.groupIds !== null;

/** May the actor use this group (assign or unassign it)? */
export const mayUseGroup = (scope: UserScope, groupId: string): boolean =>
  scope.groupIds === null || scope.groupIds.includes(groupId);

/** A training the actor may see, or 404: another client's and one outside a coordinator's groups look alike. */
export async function findVisibleTraining(db: DbOrTrx, scope: UserScope, id: string): Promise<TrainingRow> {
  const training = await findTrainingById(db, scope.clientId, id);
  if (!training) return notFound('training');
  if (isCoordinatorScope(scope) && !(await isTrainingOfGroups(db, scope.clientId, id, scope.groupIds)))
    return notFound('training');
  return training;
}

/** The groups a training is assigned to (their coordinators hear of its participants' validity). */
export { groupIdsOfTraining as trainingGroupIds } from './training.repository';
