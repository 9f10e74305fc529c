import type { TModuleStatus, TSuccessStatus } from '@lms/contracts/scorm-runtime';
import type { DbOrTrx } from '../../db/database';
import {
  archiveAttemptRows,
  deleteTrainingAttemptRows,
  listTrainingAttempts,
  listUserTrainingAttemptTimes,
} from './scorm-runtime.repository';

export type ModuleProgress = {
  userId: string;
  moduleId: string;
  status: TModuleStatus;
  successStatus: TSuccessStatus;
  completedAt: string | null;
};

/**
 * For the trainings feature: each participant's module status in one training, from the learners' attempts only
 * (content masters' previews live in attempts of their own kind and never show up here).
 */
export async function listTrainingProgress(
  db: DbOrTrx,
  clientId: string,
  trainingId: string,
): Promise<ModuleProgress[]> {
  const rows = await listTrainingAttempts(db, clientId, trainingId);
  return rows.map((r) => ({
    userId: r.user_id,
    moduleId: r.module_id,
    status: r.status as TModuleStatus,
    successStatus: r.success_status as TSuccessStatus,
    completedAt: r.completed_at,
  }));
}

/**
 * For the trainings feature (issue 31 point 1): the time a participant spent in each module of the training's current
 * cycle, in centiseconds, by module id.
 */
export async function attemptTimesOf(
  db: DbOrTrx,
  clientId: string,
  trainingId: string,
  userId: string,
): Promise<Map<string, number>> {
  const rows = await listUserTrainingAttemptTimes(db, clientId, trainingId, userId);
  return new Map(rows.map((r) => [r.module_id, Number(r.total_time_cs)]));
}

/** For the trainings feature: deleting a training deletes its learners' runtime data, in the caller's transaction. */
export const deleteTrainingAttempts = (db: DbOrTrx, clientId: string, trainingId: string): Promise<void> =>
  deleteTrainingAttemptRows(db, clientId, trainingId);

/** For the trainings feature: a participation's next cycle sets its attempts aside (issue 30 point 1). */
export const archiveTrainingAttempts = (
  db: DbOrTrx,
  clientId: string,
  trainingId: string,
  userIds: readonly string[],
): Promise<void> => archiveAttemptRows(db, clientId, trainingId, userIds);
