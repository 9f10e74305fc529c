import type {
  TCreateTrainingBodyParsed,
  TTraining,
  TTrainingListQuery,
  TTrainingPage,
  TUpdateTrainingBody,
} from '@lms/contracts/trainings';
import type { TValidity } from '@lms/contracts/validity';
import type { DbOrTrx } from '../../db/database';
import { audit, auditWhoOf } from '../../platform/audit/audit-actor';
import type { AppDeps } from '../../platform/deps';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import type { Actor } from '../../platform/session';
import { assertCourseExists } from '../courses';
import { findTrainingGroups, memberIdsOfGroups } from '../groups';
import { deleteTrainingAttempts } from '../scorm-runtime';
import { findSelectedUsers, userIdsInScope, resolveUserScope, type UserScope } from '../users';
import { countForDeletion, directParticipants } from './participant-list.repository';
import { directParticipantIds, participantsOfTraining } from './participant.repository';
import {
  addTrainingGroups,
  deleteTrainingRow,
  findTrainingWithCourse,
  groupIdsOfTraining,
  insertTraining,
  listTrainingPage,
  removeTrainingGroups,
  updateTrainingRow,
} from './training.repository';
import { reconcileParticipants } from './training-membership';
import { enqueueValidityRecompute } from './validity-recompute.job';
import { presentTrainings } from './training.presenter';
import { findVisibleTraining, isCoordinatorScope, mayUseGroup } from './training-scope';

/** The training's validity columns: null follows the course. */
const validityColumns = (validity: TValidity | null) => ({
  has_own_validity: validity !== null,
  validity_months: validity?.months ?? null,
  renewal_days: validity?.renewalDays ?? null,
});

export async function listTrainings(deps: AppDeps, actor: Actor, query: TTrainingListQuery): Promise<TTrainingPage> {
  const scope = await resolveUserScope(deps, actor);
  const { rows, total } = await listTrainingPage(deps.db, actor.clientId, actor.locale, scope.groupIds, query);
  const items = await presentTrainings(deps.db, scope, actor.locale, rows);
  return { items, total, totalCapped: false, page: query.page, pageSize: query.pageSize };
}

async function loadTraining(db: DbOrTrx, scope: UserScope, actor: Actor, id: string): Promise<TTraining> {
  await findVisibleTraining(db, scope, id);
  const row = (await findTrainingWithCourse(db, actor.clientId, id)) ?? notFound('training');
  const [summary] = await presentTrainings(db, scope, actor.locale, [row]);
  const direct = await directParticipants(db, scope, id);
  return {
    ...summary!,
    directUsers: direct.map((u) => ({ id: u.id, name: `${u.first_name} ${u.last_name}`.trim(), email: u.email })),
  };
}

export async function getTraining(deps: AppDeps, actor: Actor, id: string): Promise<TTraining> {
  return loadTraining(deps.db, await resolveUserScope(deps, actor), actor, id);
}

/** Groups to add must be the client's and, for a coordinator, their own (else 404, as for a foreign id). */
async function assertGroupsUsable(db: DbOrTrx, scope: UserScope, ids: readonly string[]): Promise<void> {
  const found = await findTrainingGroups(db, scope.clientId, ids);
  if (found.length !== new Set(ids).size || ids.some((id) => !mayUseGroup(scope, id))) notFound('group');
}

/**
 * Brings the participants in step with the training's groups and individually added users: the members of every
 * assigned group (coordinated or not) and the direct users; rows of anyone else are looked at too, so leavers go.
 */
async function reconcileTraining(trx: DbOrTrx, clientId: string, trainingId: string, direct: ReadonlySet<string>) {
  const groups = await groupIdsOfTraining(trx, clientId, trainingId);
  const members = await memberIdsOfGroups(trx, clientId, groups);
  const current = (await participantsOfTraining(trx, clientId, trainingId)).map((p) => p.user_id);
  await reconcileParticipants(trx, clientId, trainingId, {
    userIds: [...new Set([...current, ...members, ...direct])],
    viaGroup: new Set(members),
    direct,
  });
}

/**
 * A coordinator assigns at least one group they coordinate (or they could not see the training afterwards) and
 * only their groups and those groups' members (PERMISSIONS.md "groups").
 */
export async function createTraining(deps: AppDeps, actor: Actor, body: TCreateTrainingBodyParsed): Promise<TTraining> {
  const scope = await resolveUserScope(deps, actor);
  const id = newId();
  await deps.db.transaction().execute(async (trx) => {
    await assertCourseExists(trx, actor.clientId, body.courseId);
    const groupIds = [...new Set(body.groupIds)];
    await assertGroupsUsable(trx, scope, groupIds);
    if (isCoordinatorScope(scope) && groupIds.length === 0) badRequest('group_required');
    const users = await findSelectedUsers(trx, scope, body.userIds);
    const now = nowIso();
    await insertTraining(trx, {
      id,
      client_id: actor.clientId,
      course_id: body.courseId,
      start_date: body.startDate,
      deadline: body.deadline,
      ...validityColumns(body.validity),
      created_by: actor.userId,
      created_at: now,
      updated_at: now,
    });
    await addTrainingGroups(trx, actor.clientId, id, groupIds, now);
    await reconcileTraining(trx, actor.clientId, id, new Set(users.map((u) => u.id)));
    await audit(trx, auditWhoOf(actor), actor.clientId, 'training.assigned', {
      object: { type: 'training', id },
      before: { groupIds: [], userIds: [] },
      after: { groupIds, userIds: users.map((u) => u.id).sort() },
    });
  });
  return getTraining(deps, actor, id);
}

/**
 * The lists replace what the actor may use; for a coordinator, other coordinators' groups and users outside their
 * groups stay as they are (their form shows only their own, so leaving one out does not mean "remove").
 */
export async function updateTraining(
  deps: AppDeps,
  actor: Actor,
  id: string,
  body: TUpdateTrainingBody,
): Promise<TTraining> {
  const scope = await resolveUserScope(deps, actor);
  await deps.db.transaction().execute(async (trx) => {
    const training = await findVisibleTraining(trx, scope, id);
    const startDate = body.startDate === undefined ? training.start_date : body.startDate;
    const deadline = body.deadline === undefined ? training.deadline : body.deadline;
    if (startDate && deadline && deadline < startDate)
      badRequest('validation_failed', { fields: [{ field: 'body.deadline', message: 'deadline before start date' }] });
    const now = nowIso();
    const assigns = !!(body.groupIds || body.userIds);
    const assignedBefore = assigns ? await assignmentOf(trx, actor.clientId, id) : null;
    const validity = body.validity === undefined ? {} : validityColumns(body.validity);
    await updateTrainingRow(trx, actor.clientId, id, { start_date: startDate, deadline, ...validity, updated_at: now });
    const changed =
      body.validity !== undefined &&
      (training.has_own_validity !== (body.validity !== null) ||
        (body.validity !== null &&
          (training.validity_months !== body.validity.months || training.renewal_days !== body.validity.renewalDays)));
    // Issue 30 point 1: every participant's dates follow the new validity, computed by a job with progress.
    if (changed) await enqueueValidityRecompute(trx, actor.clientId, [id], actor.userId);
    if (body.groupIds) {
      const current = await groupIdsOfTraining(trx, actor.clientId, id);
      const wanted = new Set(body.groupIds);
      const add = [...wanted].filter((g) => !current.includes(g));
      const remove = current.filter((g) => !wanted.has(g) && mayUseGroup(scope, g));
      await assertGroupsUsable(trx, scope, add);
      await addTrainingGroups(trx, actor.clientId, id, add, now);
      await removeTrainingGroups(trx, actor.clientId, id, remove);
      const kept = [...current.filter((g) => !remove.includes(g)), ...add];
      if (isCoordinatorScope(scope) && !kept.some((g) => mayUseGroup(scope, g))) badRequest('group_required');
    }
    if (body.groupIds || body.userIds) {
      const rows = await participantsOfTraining(trx, actor.clientId, id);
      let direct = new Set(rows.filter((r) => r.is_direct).map((r) => r.user_id));
      if (body.userIds) {
        const wanted = new Set(body.userIds);
        const added = await findSelectedUsers(
          trx,
          scope,
          [...wanted].filter((u) => !direct.has(u)),
        );
        const mine = new Set(await userIdsInScope(trx, scope, [...direct]));
        direct = new Set([...[...direct].filter((u) => wanted.has(u) || !mine.has(u)), ...added.map((u) => u.id)]);
      }
      await reconcileTraining(trx, actor.clientId, id, direct);
      const assignedAfter = await assignmentOf(trx, actor.clientId, id);
      if (JSON.stringify(assignedAfter) !== JSON.stringify(assignedBefore))
        await audit(trx, auditWhoOf(actor), actor.clientId, 'training.assigned', {
          object: { type: 'training', id },
          before: assignedBefore,
          after: assignedAfter,
        });
    }
  });
  return getTraining(deps, actor, id);
}

/** Who a training is assigned to, for the trail: its groups and the users assigned directly, sorted. */
async function assignmentOf(trx: DbOrTrx, clientId: string, id: string) {
  const groupIds = [...(await groupIdsOfTraining(trx, clientId, id))].sort();
  return { groupIds, userIds: [...(await directParticipantIds(trx, clientId, id))].sort() };
}

/**
 * Spec section 5: "A training cannot be deleted while users are assigned; if some have started, the user is asked to
 * confirm." Read as: while anyone is assigned (through a group or directly) the answer is 409 `training_in_use`
 * with the counts, and the coordinator first takes the groups and users off. What can remain then are former
 * participants who had started (their rows are kept as history): deleting would erase their progress, so that needs
 * `confirm=true` (else 409 `training_has_progress`). A coordinator deletes only trainings whose groups are all theirs.
 */
export async function deleteTraining(deps: AppDeps, actor: Actor, id: string, confirm: boolean): Promise<void> {
  const scope = await resolveUserScope(deps, actor);
  await deps.db.transaction().execute(async (trx) => {
    await findVisibleTraining(trx, scope, id);
    const groups = await groupIdsOfTraining(trx, actor.clientId, id);
    if (groups.some((g) => !mayUseGroup(scope, g))) forbidden();
    const counts = await countForDeletion(trx, actor.clientId, id);
    if (counts.assigned > 0)
      conflict('training_in_use', {
        participants: counts.assigned,
        started: counts.started,
        completed: counts.completed,
      });
    if (counts.formerWithProgress > 0 && !confirm)
      conflict('training_has_progress', { started: counts.started, completed: counts.completed });
    await deleteTrainingAttempts(trx, actor.clientId, id);
    await deleteTrainingRow(trx, actor.clientId, id);
  });
}
