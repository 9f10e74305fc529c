import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DbOrTrx, Dialect, ScormAttemptsTable, ScormScoDataTable } from '../../db/database';

export type AttemptRow = Selectable<ScormAttemptsTable>;
export type ScoDataRow = Selectable<ScormScoDataTable>;

export const findAttempt = (db: DbOrTrx, clientId: string, id: string) =>
  db.selectFrom('scorm_attempts').selectAll().where('client_id', '=', clientId).where('id', '=', id).executeTakeFirst();

export const findTrainingAttempt = (
  db: DbOrTrx,
  clientId: string,
  ids: { userId: string; trainingId: string; moduleId: string },
) =>
  db
    .selectFrom('scorm_attempts')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('kind', '=', 'training')
    .where('training_id', '=', ids.trainingId)
    .where('module_id', '=', ids.moduleId)
    .where('user_id', '=', ids.userId)
    .executeTakeFirst();

/** The content master's newest preview attempt of a module (UUIDv7 ids sort by creation). */
export const findLatestPreviewAttempt = (db: DbOrTrx, clientId: string, userId: string, moduleId: string) =>
  db
    .selectFrom('scorm_attempts')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .where('module_id', '=', moduleId)
    .where('kind', '=', 'preview')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

export async function insertAttempt(db: DbOrTrx, row: Insertable<ScormAttemptsTable>): Promise<void> {
  await db.insertInto('scorm_attempts').values(row).execute();
}

export async function updateAttempt(
  db: DbOrTrx,
  clientId: string,
  id: string,
  fields: Updateable<ScormAttemptsTable>,
): Promise<void> {
  await db.updateTable('scorm_attempts').set(fields).where('client_id', '=', clientId).where('id', '=', id).execute();
}

/**
 * Serialises commits of one attempt and answers the attempt as it is now. PostgreSQL locks the attempt row and reads
 * it in the same statement; SQLite needs no lock, because its one connection runs one transaction at a time.
 */
export async function lockAttempt(
  db: DbOrTrx,
  dialect: Dialect,
  clientId: string,
  id: string,
): Promise<AttemptRow | undefined> {
  if (dialect !== 'postgres') return findAttempt(db, clientId, id);
  return db
    .selectFrom('scorm_attempts')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export const listScoData = (db: DbOrTrx, clientId: string, attemptId: string) =>
  db
    .selectFrom('scorm_sco_data')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('attempt_id', '=', attemptId)
    .execute();

export const findScoData = (db: DbOrTrx, clientId: string, attemptId: string, itemId: string) =>
  db
    .selectFrom('scorm_sco_data')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('attempt_id', '=', attemptId)
    .where('item_id', '=', itemId)
    .executeTakeFirst();

export async function insertScoData(db: DbOrTrx, row: Insertable<ScormScoDataTable>): Promise<void> {
  await db.insertInto('scorm_sco_data').values(row).execute();
}

export async function updateScoData(
  db: DbOrTrx,
  clientId: string,
  key: { attemptId: string; itemId: string },
  fields: Updateable<ScormScoDataTable>,
): Promise<void> {
  await db
    .updateTable('scorm_sco_data')
    .set(fields)
    .where('client_id', '=', clientId)
    .where('attempt_id', '=', key.attemptId)
    .where('item_id', '=', key.itemId)
    .execute();
}

/** The learner's name and locale for cmi.learner_name and the player's language. */
export const findLearner = (db: DbOrTrx, clientId: string, userId: string) =>
  db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'locale'])
    .where('client_id', '=', clientId)
    .where('id', '=', userId)
    .executeTakeFirst();

/** For the trainings feature: the module status of each user's attempt in one training. */
export const listTrainingAttempts = (db: DbOrTrx, clientId: string, trainingId: string) =>
  db
    .selectFrom('scorm_attempts')
    .select(['user_id', 'module_id', 'status', 'success_status', 'completed_at'])
    .where('client_id', '=', clientId)
    .where('kind', '=', 'training')
    .where('training_id', '=', trainingId)
    .execute();

/** For the trainings feature: a deleted training's learner attempts go with it (their SCO data cascades). */
export async function deleteTrainingAttemptRows(db: DbOrTrx, clientId: string, trainingId: string): Promise<void> {
  await db
    .deleteFrom('scorm_attempts')
    .where('client_id', '=', clientId)
    .where('kind', '=', 'training')
    .where('training_id', '=', trainingId)
    .execute();
}
