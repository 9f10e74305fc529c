import type { TModuleStatus, TSuccessStatus } from '@lms/contracts/scorm-runtime';
import type {
  TParticipantListQuery,
  TParticipantPage,
  TParticipantStatus,
  TTrainingCycleList,
} from '@lms/contracts/trainings';
import type { DbOrTrx } from '../../db/database';
import { audit, auditWhoOf } from '../../platform/audit/audit-actor';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { nowIso } from '../../platform/ids';
import type { Actor } from '../../platform/session';
import { repairUserSearchKeys, resolveUserScope, type UserScope } from '../users';
import { countParticipants, listParticipantPage } from './participant-list.repository';
import { findParticipant, moduleValuesOfUsers, updateParticipants } from './participant.repository';
import { moduleRulesOf } from './training-progress.service';
import { presentModuleValue } from './training-result';
import { findVisibleTraining } from './training-scope';
import { moduleStates, progressOf, trainingStatusOf } from './training-status';
import { presentValidity } from './training-validity';
import { cycleHistory } from './training-cycles';

type PageRow = Awaited<ReturnType<typeof listParticipantPage>>['rows'][number];

export async function presentParticipants(
  db: DbOrTrx,
  clientId: string,
  trainingId: string,
  courseId: string,
  rows: readonly PageRow[],
): Promise<TParticipantStatus[]> {
  const rules = await moduleRulesOf(db, clientId, courseId);
  const values = await moduleValuesOfUsers(
    db,
    clientId,
    trainingId,
    rows.map((r) => r.user_id),
  );
  const now = nowIso();
  return rows.map((r) => {
    const own = values.filter((v) => v.user_id === r.user_id);
    const states = moduleStates(rules, new Map(own.map((v) => [v.module_id, v.status as TModuleStatus])));
    const progress = progressOf(states);
    return {
      userId: r.user_id,
      name: `${r.first_name} ${r.last_name}`.trim(),
      email: r.email,
      status: r.status as TParticipantStatus['status'],
      optional: r.is_optional,
      direct: r.is_direct,
      assigned: r.is_assigned,
      startedAt: r.started_at,
      completedAt: r.completed_at,
      invitedAt: r.invited_at,
      lastReminderAt: r.last_reminder_at,
      completedModules: progress.completed,
      requiredModules: progress.required,
      score: r.score_pct,
      result: r.result as TSuccessStatus,
      modules: states.map((s) => ({
        moduleId: s.id,
        status: s.status,
        ...presentModuleValue(own.find((v) => v.module_id === s.id)),
      })),
      ...presentValidity(r, now),
    };
  });
}

/** `GET /course-training-user-value/{trainingId}/get-status-of-all-users`: paged, filtered, sorted on the server. */
export async function listParticipantStatuses(
  deps: AppDeps,
  actor: Actor,
  trainingId: string,
  query: TParticipantListQuery,
): Promise<TParticipantPage> {
  const scope = await resolveUserScope(deps, actor);
  const training = await findVisibleTraining(deps.db, scope, trainingId);
  await repairUserSearchKeys(deps.db, actor.clientId);
  const { rows, total, totalCapped } = await listParticipantPage(deps.db, scope, trainingId, query);
  const items = await presentParticipants(deps.db, actor.clientId, trainingId, training.course_id, rows);
  const counts = (await countParticipants(deps.db, scope, [trainingId])).get(trainingId)?.counts;
  return {
    items,
    total,
    totalCapped,
    page: query.page,
    pageSize: query.pageSize,
    counts: counts ?? { participants: 0, pending: 0, started: 0, completed: 0, optional: 0, expired: 0 },
  };
}

/** One participant of the status table, in the scope; not found outside it. */
export async function participantStatus(
  db: DbOrTrx,
  scope: UserScope,
  trainingId: string,
  courseId: string,
  userId: string,
) {
  const query = { page: 1, pageSize: 10, sort: 'name', order: 'asc', userId } as const;
  const { rows } = await listParticipantPage(db, scope, trainingId, query);
  const [item] = await presentParticipants(db, scope.clientId, trainingId, courseId, rows);
  return item ?? notFound('participant');
}

/**
 * DECISIONS "training status per user": a coordinator marks a participant OPTIONAL (not obliged: no reminders, not
 * counted as missing) or takes the mark off again; a completed training stays COMPLETED either way.
 */
export async function setParticipantOptional(
  deps: AppDeps,
  actor: Actor,
  trainingId: string,
  userId: string,
  optional: boolean,
): Promise<TParticipantStatus> {
  const scope = await resolveUserScope(deps, actor);
  return deps.db.transaction().execute(async (trx) => {
    const training = await findVisibleTraining(trx, scope, trainingId);
    // Outside the scope, the participant is not found, as the status table does not show them either.
    await participantStatus(trx, scope, trainingId, training.course_id, userId);
    const row = (await findParticipant(trx, actor.clientId, trainingId, userId)) ?? notFound('participant');
    if (row.is_optional !== optional) {
      const status = trainingStatusOf({ ...row, is_optional: optional });
      await updateParticipants(trx, actor.clientId, trainingId, [userId], {
        is_optional: optional,
        status,
        updated_at: nowIso(),
      });
      await audit(trx, auditWhoOf(actor), actor.clientId, 'training.status-changed', {
        object: { type: 'training', id: trainingId },
        subjectUserId: userId,
        before: { optional: row.is_optional, status: row.status },
        after: { optional, status },
      });
    }
    return participantStatus(trx, scope, trainingId, training.course_id, userId);
  });
}

/**
 * `GET /api/course-training/{id}/participants/{userId}/cycles`: a participant's closed cycles (issue 30 point 1),
 * for a coordinator who sees them in the status table; anyone else's, and another client's, are not found.
 */
export async function listParticipantCycles(
  deps: AppDeps,
  actor: Actor,
  trainingId: string,
  userId: string,
): Promise<TTrainingCycleList> {
  const scope = await resolveUserScope(deps, actor);
  const training = await findVisibleTraining(deps.db, scope, trainingId);
  await participantStatus(deps.db, scope, trainingId, training.course_id, userId);
  const row = (await findParticipant(deps.db, actor.clientId, trainingId, userId)) ?? notFound('participant');
  return cycleHistory(deps.db, actor.clientId, trainingId, row);
}
