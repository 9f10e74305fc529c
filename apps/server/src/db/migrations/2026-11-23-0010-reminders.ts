import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { columnTypes } from './schema-helpers';

/**
 * Issue "Trainings and the learner journey", points 4 and 5: every reminder sent, manual or automatic. The unique
 * key (training, user, due day) makes the automatic run insert-or-skip: one reminder per user, training and due
 * day however many processes run the job and however often. A manual reminder has no due day (null), so the key
 * never holds it back (NULLs are distinct on both dialects); its limit is the 60 minutes of REMINDER_RESEND_MINUTES.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('training_reminders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('training_id', 'text', (c) => c.notNull().references('trainings.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('due_day', t.date)
    .addColumn('mail_id', 'text')
    .addColumn('sent_by', 'text')
    .addColumn('sent_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('training_reminders_due')
    .unique()
    .on('training_reminders')
    .columns(['training_id', 'user_id', 'due_day'])
    .execute();
  await db.schema
    .createIndex('training_reminders_client')
    .on('training_reminders')
    .columns(['client_id', 'training_id', 'sent_at'])
    .execute();
}
