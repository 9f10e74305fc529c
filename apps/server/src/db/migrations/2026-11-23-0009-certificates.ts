import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database';
import { columnTypes } from './schema-helpers';

/**
 * Issue "Trainings and the learner journey", points 6 and 7: certificate templates (a PDF background, subtitle and
 * body per locale) and the certificates issued from them, one per user and training. Files live in storage; the
 * rows hold their keys. courses.certificate_template_id stays loose text (no foreign key, as in 0004): the
 * certificates feature refuses to delete a template a course names.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  const clientFk = (c: ColumnDefinitionBuilder) => c.notNull().references('clients.id').onDelete('cascade');

  await db.schema
    .createTable('certificate_templates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', clientFk)
    .addColumn('name', 'text', (c) => c.notNull())
    // Lower-case name: the list sorts and searches by it the same way on both databases.
    .addColumn('name_normalized', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('certificate_templates_client_name')
    .on('certificate_templates')
    .columns(['client_id', 'name_normalized'])
    .execute();

  await db.schema
    .createTable('certificate_template_locales')
    .addColumn('template_id', 'text', (c) => c.notNull().references('certificate_templates.id').onDelete('cascade'))
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', clientFk)
    .addColumn('subtitle', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('background_key', 'text')
    .addColumn('background_file_name', 'text')
    .addColumn('background_size', 'integer')
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('certificate_template_locales_pk', ['template_id', 'locale'])
    .execute();

  // A training or user that goes takes its certificates' rows along (their files are removed by the feature that
  // deletes, or stay as orphans under the client's certificates folder until the client goes).
  await db.schema
    .createTable('course_certificates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', clientFk)
    .addColumn('training_id', 'text', (c) => c.notNull().references('trainings.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('file_key', 'text', (c) => c.notNull())
    .addColumn('file_size', 'integer', (c) => c.notNull())
    .addColumn('issued_at', t.timestamp, (c) => c.notNull())
    .addColumn('regenerated_at', t.timestamp)
    .addUniqueConstraint('course_certificates_training_user', ['training_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('course_certificates_user')
    .on('course_certificates')
    .columns(['client_id', 'user_id'])
    .execute();
}
