import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database';
import { columnTypes } from './schema-helpers';

/**
 * Issue "Trainings and the learner journey": trainings (a course assigned to groups and individual users), their
 * participants with the training status per user, and the status per user and module. The indexes serve the
 * status table of one training at 10,000 participants (filter by status, page by name) and the learner's own list.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  const clientFk = (c: ColumnDefinitionBuilder) => c.notNull().references('clients.id').onDelete('cascade');
  const trainingFk = (c: ColumnDefinitionBuilder) => c.notNull().references('trainings.id').onDelete('cascade');

  // The course and group references have no ON DELETE: the courses and groups features refuse to delete a course
  // or group a training uses (spec section 5), and the database says so too if anything else tries.
  await db.schema
    .createTable('trainings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', clientFk)
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id'))
    .addColumn('start_date', t.date)
    .addColumn('deadline', t.date)
    .addColumn('created_by', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('trainings_client_course').on('trainings').columns(['client_id', 'course_id']).execute();

  await db.schema
    .createTable('training_groups')
    .addColumn('training_id', 'text', trainingFk)
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id'))
    .addColumn('client_id', 'text', clientFk)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('training_groups_pk', ['training_id', 'group_id'])
    .execute();
  await db.schema
    .createIndex('training_groups_group')
    .on('training_groups')
    .columns(['client_id', 'group_id', 'training_id'])
    .execute();

  await db.schema
    .createTable('training_participants')
    .addColumn('training_id', 'text', trainingFk)
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'text', clientFk)
    .addColumn('is_direct', t.bool, (c) => c.notNull().defaultTo(t.falseValue))
    .addColumn('is_assigned', t.bool, (c) => c.notNull().defaultTo(t.trueValue))
    .addColumn('is_optional', t.bool, (c) => c.notNull().defaultTo(t.falseValue))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('completed_modules', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_invitation_due', t.bool, (c) => c.notNull().defaultTo(t.falseValue))
    .addColumn('invited_at', t.timestamp)
    .addColumn('started_at', t.timestamp)
    .addColumn('completed_at', t.timestamp)
    .addColumn('last_reminder_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('training_participants_pk', ['training_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('training_participants_status')
    .on('training_participants')
    .columns(['training_id', 'status', 'user_id'])
    .execute();
  await db.schema
    .createIndex('training_participants_user')
    .on('training_participants')
    .columns(['client_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('training_participants_invitation_due')
    .on('training_participants')
    .columns(['training_id', 'is_invitation_due'])
    .execute();

  await db.schema
    .createTable('training_module_values')
    .addColumn('training_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('module_id', 'text', (c) => c.notNull().references('modules.id').onDelete('cascade'))
    .addColumn('client_id', 'text', clientFk)
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('completed_at', t.timestamp)
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('training_module_values_pk', ['training_id', 'user_id', 'module_id'])
    .addForeignKeyConstraint(
      'training_module_values_participant',
      ['training_id', 'user_id'],
      'training_participants',
      ['training_id', 'user_id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('training_module_values_user')
    .on('training_module_values')
    .columns(['client_id', 'user_id'])
    .execute();
}
