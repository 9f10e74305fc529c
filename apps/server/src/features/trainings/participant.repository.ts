import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import type { TrainingModuleValuesTable, TrainingParticipantsTable } from './training.table';
import { chunks } from '../../db/chunks';

export type ParticipantRow = Selectable<TrainingParticipantsTable>;
export type ModuleValueRow = Selectable<TrainingModuleValuesTable>;

export const findParticipant = (db: DbOrTrx, clientId: string, trainingId: string, userId: string) =>
  db
    .selectFrom('training_participants')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('training_id', '=', trainingId)
    .where('user_id', '=', userId)
    .executeTakeFirst();

/** A training's participant rows; with `among`, only those of these users. */
export async function participantsOfTraining(
  db: DbOrTrx,
  clientId: string,
  trainingId: string,
  among?: readonly string[],
): Promise<ParticipantRow[]> {
  const q = db
    .selectFrom('training_participants')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('training_id', '=', trainingId);
  if (!among) return q.execute();
  const rows: ParticipantRow[] = [];
  for (const chunk of chunks(among)) rows.push(...(await q.where('user_id', 'in', chunk).execute()));
  return rows;
}

export async function insertParticipants(db: DbOrTrx, rows: ReadonlyArray<Insertable<TrainingParticipantsTable>>) {
  // 15 columns a row keeps a chunk well under SQLite's 32,766 bound parameters.
  for (let i = 0; i < rows.length; i += 1_000) {
    await db
      .insertInto('training_participants')
      .values(rows.slice(i, i + 1_000))
      .execute();
  }
}

export async function updateParticipants(
  db: DbOrTrx,
  clientId: string,
  trainingId: string,
  userIds: readonly string[],
  fields: Updateable<TrainingParticipantsTable>,
): Promise<void> {
  for (const chunk of chunks(userIds)) {
    await db
      .updateTable('training_participants')
      .set(fields)
      .where('client_id', '=', clientId)
      .where('training_id', '=', trainingId)
      .where('user_id', 'in', chunk)
      .execute();
  }
}

export async function deleteParticipants(
  db: DbOrTrx,
  clientId: string,
  trainingId: string,
  userIds: readonly string[],
): Promise<void> {
  for (const chunk of chunks(userIds)) {
    await db
      .deleteFrom('training_participants')
      .where('client_id', '=', clientId)
      .where('training_id', '=', trainingId)
      .where('user_id', 'in', chunk)
      .execute();
  }
}

/** A user's trainings; `assignedOnly` leaves out the ones they were taken off (kept as history). */
export const participationsOfUser = (db: DbOrTrx, clientId: string, userId: string, assignedOnly: boolean) => {
  let q = db
    .selectFrom('training_participants')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId);
  if (assignedOnly) q = q.where('is_assigned', '=', true);
  return q.execute();
};

/**
 * Takes up to `limit` invitations that are due: the flag is cleared by the same statement that answers the rows,
 * so two workers on the same training never both send one.
 */
export async function claimDueInvitations(
  db: DbOrTrx,
  clientId: string,
  trainingId: string,
  limit: number,
  now: string,
): Promise<string[]> {
  const due = await db
    .selectFrom('training_participants')
    .select('user_id')
    .where('client_id', '=', clientId)
    .where('training_id', '=', trainingId)
    .where('is_invitation_due', '=', true)
    .limit(limit)
    .execute();
  if (due.length === 0) return [];
  const claimed = await db
    .updateTable('training_participants')
    .set({ is_invitation_due: false, invited_at: now })
    .where('client_id', '=', clientId)
    .where('training_id', '=', trainingId)
    .where('is_invitation_due', '=', true)
    .where(
      'user_id',
      'in',
      due.map((r) => r.user_id),
    )
    .returning('user_id')
    .execute();
  return claimed.map((r) => r.user_id);
}

// Module values ---------------------------------------------------------------------------------------------------

export const moduleValuesOf = (db: DbOrTrx, clientId: string, trainingId: string, userId: string) =>
  db
    .selectFrom('training_module_values')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('training_id', '=', trainingId)
    .where('user_id', '=', userId)
    .execute();

export const moduleValuesOfUser = (db: DbOrTrx, clientId: string, userId: string) =>
  db
    .selectFrom('training_module_values')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .orderBy('training_id')
    .orderBy('module_id')
    .execute();

export async function moduleValuesOfUsers(
  db: DbOrTrx,
  clientId: string,
  trainingId: string,
  userIds: readonly string[],
): Promise<ModuleValueRow[]> {
  const rows: ModuleValueRow[] = [];
  for (const chunk of chunks(userIds)) {
    rows.push(
      ...(await db
        .selectFrom('training_module_values')
        .selectAll()
        .where('client_id', '=', clientId)
        .where('training_id', '=', trainingId)
        .where('user_id', 'in', chunk)
        .execute()),
    );
  }
  return rows;
}

export async function upsertModuleValue(db: DbOrTrx, row: Insertable<TrainingModuleValuesTable>): Promise<void> {
  await db
    .insertInto('training_module_values')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['training_id', 'user_id', 'module_id', 'client_id']).doUpdateSet({
        status: row.status,
        completed_at: row.completed_at,
        score_pct: row.score_pct ?? null,
        score_raw: row.score_raw ?? null,
        success_status: row.success_status ?? 'unknown',
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

/** The ids of the users assigned to the training directly (not through a group). */
export async function directParticipantIds(db: DbOrTrx, clientId: string, trainingId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('training_participants')
    .select('user_id')
    .where('client_id', '=', clientId)
    .where('training_id', '=', trainingId)
    .where('is_direct', '=', true)
    .execute();
  return rows.map((r) => r.user_id);
}
