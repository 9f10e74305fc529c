import type { TUserTraining } from '@lms/contracts/trainings';

export interface ContinueTarget {
  to: string;
  /** Key under learner:training.actions. */
  action: 'start' | 'continue' | 'open';
}

/**
 * Where "continue" goes: the next open module (the first in order neither completed nor locked), else the training
 * page (everything done, or nothing to open yet).
 */
export function continueTarget(training: TUserTraining): ContinueTarget {
  if (training.nextModuleId === null) return { to: `/training/${training.id}`, action: 'open' };
  return {
    to: `/training/${training.id}/module/${training.nextModuleId}`,
    action: training.startedAt === null ? 'start' : 'continue',
  };
}
