import type { Insertable } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import type { TrainingRemindersTable } from './reminder.table';

export async function insertReminder(db: DbOrTrx, row: Insertable<TrainingRemindersTable>): Promise<void> {
  await db.insertInto('training_reminders').values(row).execute();
}

/**
 * Insert-or-skip of automatic reminders: one row per user, training and due day (the unique key). Answers the rows
 * this call inserted; a row another run (or process) inserted first is skipped, so only the inserter sends.
 */
export async function insertDueReminders(
  db: DbOrTrx,
  rows: ReadonlyArray<Insertable<TrainingRemindersTable>>,
): Promise<Array<{ id: string; user_id: string }>> {
  if (rows.length === 0) return [];
  return db
    .insertInto('training_reminders')
    .values([...rows])
    .onConflict((oc) => oc.doNothing())
    .returning(['id', 'user_id'])
    .execute();
}

export async function setReminderMail(db: DbOrTrx, clientId: string, id: string, mailId: string): Promise<void> {
  await db
    .updateTable('training_reminders')
    .set({ mail_id: mailId })
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .execute();
}
