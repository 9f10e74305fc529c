import type { DbOrTrx } from '../../db/database';
import type { AppDeps } from '../../platform/deps';
import { clientBaseUrl } from '../account';
import type { UserScope } from '../users';
import { findClientDomain, findTrainingById } from './training.repository';
import { findVisibleTraining } from './training-scope';

// The trainings feature's side of reminders (features/reminders): which trainings and participants a reminder goes
// to, and the participant's last_reminder_at. The reminders feature reaches the trainings' tables only through here.

export type { TrainingRow } from './training.repository';
export {
  assignedParticipantsInScope,
  claimReminderSlots,
  openParticipantIds,
  trainingIdsOfCourse,
} from './reminder-targets.repository';

/** A training the actor may see (a coordinator: of their groups), or 404 as for another client's. */
export const visibleTraining = (db: DbOrTrx, scope: UserScope, trainingId: string) =>
  findVisibleTraining(db, scope, trainingId);

export const trainingOfClient = (db: DbOrTrx, clientId: string, trainingId: string) =>
  findTrainingById(db, clientId, trainingId);

/** The link a training's mails carry: /training/{id} on the client's own domain; undefined without a client. */
export async function trainingLink(deps: AppDeps, db: DbOrTrx, clientId: string, trainingId: string) {
  const domain = await findClientDomain(db, clientId);
  return domain ? new URL(`/training/${trainingId}`, clientBaseUrl(deps.config, domain)).toString() : undefined;
}
