import type { DbOrTrx } from '../../db/database';
import { nowIso } from '../../platform/ids';
import { enqueueJob } from '../../platform/jobs-store';
import { publish } from '../../platform/events';
import {
  deleteParticipants,
  insertParticipants,
  participantsOfTraining,
  updateParticipants,
  type ParticipantRow,
} from './participant.repository';
import { trainingGroupPairs } from './training.repository';

// The participants table follows the assignment: everyone in an assigned group plus the individually added users
// (DECISIONS "training"). It is written here, in the transaction that changed the assignment or the membership.

export const TRAINING_INVITATIONS_JOB = 'training.invitations';

export interface Assignment {
  /** The users to look at; nobody else's row changes. */
  userIds: readonly string[];
  /** Of those, who is in at least one of the training's groups. */
  viaGroup: ReadonlySet<string>;
  /** Of those, who is added individually; left out: each row keeps its own flag. */
  direct?: ReadonlySet<string>;
}

/** A row with progress is history worth keeping; one without is just an assignment. */
const hasProgress = (row: ParticipantRow) => row.started_at !== null || row.completed_at !== null;

/**
 * Brings the rows of these users in step with the assignment. A new participant is PENDING and due an invitation
 * (the training.invitations job sends it when the course's invitation is enabled). A user who is no longer assigned
 * loses the row while it has no progress; once they have started, the row stays with `is_assigned` false, so the
 * progress and completion stay on record (the status table still shows them, the learner's list no longer does).
 * Answers how many participants were added.
 */
export async function reconcileParticipants(
  trx: DbOrTrx,
  clientId: string,
  trainingId: string,
  assignment: Assignment,
): Promise<number> {
  const now = nowIso();
  const rows = new Map(
    (await participantsOfTraining(trx, clientId, trainingId, assignment.userIds)).map((r) => [r.user_id, r]),
  );
  const inserts: string[] = [];
  const directInserts = new Set<string>();
  const updates = new Map<string, string[]>();
  const removals: string[] = [];
  const update = (key: 'assigned-direct' | 'assigned-group' | 'history', userId: string) =>
    updates.set(key, [...(updates.get(key) ?? []), userId]);
  for (const userId of new Set(assignment.userIds)) {
    const row = rows.get(userId);
    const direct = assignment.direct ? assignment.direct.has(userId) : (row?.is_direct ?? false);
    const assigned = direct || assignment.viaGroup.has(userId);
    if (!row) {
      if (!assigned) continue;
      inserts.push(userId);
      if (direct) directInserts.add(userId);
    } else if (assigned) {
      if (!row.is_assigned || row.is_direct !== direct) update(direct ? 'assigned-direct' : 'assigned-group', userId);
    } else if (hasProgress(row)) {
      if (row.is_assigned || row.is_direct) update('history', userId);
    } else removals.push(userId);
  }
  await insertParticipants(
    trx,
    inserts.map((userId) => ({
      training_id: trainingId,
      user_id: userId,
      client_id: clientId,
      is_direct: directInserts.has(userId),
      is_assigned: true,
      is_optional: false,
      status: 'PENDING',
      completed_modules: 0,
      is_invitation_due: true,
      created_at: now,
      updated_at: now,
    })),
  );
  for (const [key, userIds] of updates) {
    const fields =
      key === 'history'
        ? { is_assigned: false, is_direct: false }
        : { is_assigned: true, is_direct: key === 'assigned-direct' };
    await updateParticipants(trx, clientId, trainingId, userIds, { ...fields, updated_at: now });
  }
  await deleteParticipants(trx, clientId, trainingId, removals);
  // Issue 14: new participants hear of it in the app as well (the messages feature, in this transaction).
  await publish('training.participants-added', { trx, clientId, trainingId, userIds: inserts });
  if (inserts.length > 0) await enqueueInvitations(trx, clientId, trainingId);
  return inserts.length;
}

export async function enqueueInvitations(trx: DbOrTrx, clientId: string, trainingId: string): Promise<void> {
  await enqueueJob(trx, { clientId, kind: TRAINING_INVITATIONS_JOB, payload: { trainingId }, maxAttempts: 5 });
}

/** What the groups feature tells the trainings feature when members join or leave groups. */
export interface MembershipChange {
  /** The groups whose members changed. */
  groupIds: readonly string[];
  /** The users who joined or left them. */
  userIds: readonly string[];
  /** The groups each of these users is a member of after the change (asked only when a training is affected). */
  groupsOfUsers: (userIds: readonly string[]) => Promise<Map<string, string[]>>;
}

/**
 * Called by the groups feature inside the transaction that changed the membership: a user who joins an assigned
 * group becomes a participant (and is invited), one who leaves is handled as reconcileParticipants says.
 */
export async function syncTrainingParticipants(trx: DbOrTrx, clientId: string, change: MembershipChange) {
  if (change.groupIds.length === 0 || change.userIds.length === 0) return;
  const touched = [
    ...new Set((await trainingGroupPairs(trx, clientId, 'group_id', change.groupIds)).map((p) => p.training_id)),
  ];
  if (touched.length === 0) return;
  const pairs = await trainingGroupPairs(trx, clientId, 'training_id', touched);
  const groupsOf = await change.groupsOfUsers(change.userIds);
  for (const trainingId of touched) {
    const groups = new Set(pairs.filter((p) => p.training_id === trainingId).map((p) => p.group_id));
    const viaGroup = new Set(change.userIds.filter((u) => (groupsOf.get(u) ?? []).some((g) => groups.has(g))));
    await reconcileParticipants(trx, clientId, trainingId, { userIds: change.userIds, viaGroup });
  }
}
