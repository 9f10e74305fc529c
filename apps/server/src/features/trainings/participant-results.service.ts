import type { TParticipantResults } from '@lms/contracts/trainings';
import type { AppDeps } from '../../platform/deps';
import type { Actor } from '../../platform/session';
import { listCourseModules } from '../modules';
import { attemptTimesOf } from '../scorm-runtime';
import { resolveUserScope } from '../users';
import { moduleValuesOf } from './participant.repository';
import { participantStatus } from './participant.service';
import { presentModuleValue } from './training-result';
import { findVisibleTraining } from './training-scope';
import { moduleStates } from './training-status';
import type { TModuleStatus } from '@lms/contracts/scorm-runtime';

/**
 * `GET /api/course-training/{id}/participants/{userId}/results` (issue 31 point 1): one participant's results in the
 * current cycle, each module's beside the training's, for a coordinator who sees them in the status table; anyone
 * else's, and another client's, are not found. The time spent is the runtime's (it moves with every commit, so it is
 * read from the attempts rather than written through to the training).
 */
export async function getParticipantResults(
  deps: AppDeps,
  actor: Actor,
  trainingId: string,
  userId: string,
): Promise<TParticipantResults> {
  const scope = await resolveUserScope(deps, actor);
  const training = await findVisibleTraining(deps.db, scope, trainingId);
  const row = await participantStatus(deps.db, scope, trainingId, training.course_id, userId);
  const [modules, values, times] = await Promise.all([
    listCourseModules(deps.db, actor.clientId, training.course_id, actor.locale),
    moduleValuesOf(deps.db, actor.clientId, trainingId, userId),
    attemptTimesOf(deps.db, actor.clientId, trainingId, userId),
  ]);
  const valueOf = new Map(values.map((v) => [v.module_id, v]));
  const byId = new Map(modules.map((m) => [m.id, m]));
  const states = moduleStates(modules, new Map(values.map((v) => [v.module_id, v.status as TModuleStatus])));
  return {
    userId,
    name: row.name,
    cycle: row.cycle,
    status: row.status,
    completedAt: row.completedAt,
    score: row.score,
    result: row.result,
    modules: states.map((s) => {
      const m = byId.get(s.id)!;
      return {
        moduleId: s.id,
        title: m.title,
        kind: m.kind,
        required: s.required,
        status: s.status,
        ...presentModuleValue(valueOf.get(s.id)),
        timeSpentSeconds: Math.round((times.get(s.id) ?? 0) / 100),
      };
    }),
  };
}
