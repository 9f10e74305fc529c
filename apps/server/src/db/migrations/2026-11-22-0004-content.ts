import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database';
import { columnTypes } from './schema-helpers';

/**
 * Issue 5: courses with per-locale texts, modules (SCORM package or PDF), course files, and the SCORM runtime data.
 * Template and invoice ids are plain nullable text without foreign keys: the certificate and mail template
 * features own those tables and may land later.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  const clientFk = (c: ColumnDefinitionBuilder) => c.notNull().references('clients.id').onDelete('cascade');

  await db.schema
    .createTable('courses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', clientFk)
    .addColumn('start_date', t.date)
    .addColumn('deadline', t.date)
    .addColumn('duration_minutes', 'integer')
    .addColumn('certificate_template_id', 'text')
    .addColumn('invitation_mail_template_id', 'text')
    .addColumn('reminder_mail_template_id', 'text')
    .addColumn('is_invitation_enabled', t.bool, (c) => c.notNull().defaultTo(t.falseValue))
    .addColumn('is_reminder_active', t.bool, (c) => c.notNull().defaultTo(t.falseValue))
    .addColumn('reminder_from', t.date)
    .addColumn('reminder_until', t.date)
    .addColumn('reminder_interval_days', 'integer')
    .addColumn('invoice_product_id', 'text')
    .addColumn('is_active', t.bool, (c) => c.notNull().defaultTo(t.trueValue))
    .addColumn('is_premium', t.bool, (c) => c.notNull().defaultTo(t.falseValue))
    // Lower-cased titles of every locale, computed by the app (SQLite's lower() knows only ASCII).
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('courses_client_created').on('courses').columns(['client_id', 'created_at']).execute();

  await db.schema
    .createTable('course_texts')
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('client_id', 'text', clientFk)
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    // The title lower-cased and without diacritics, so both databases sort the list alike.
    .addColumn('title_sort', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('course_texts_pk', ['course_id', 'locale'])
    .execute();

  await db.schema
    .createTable('modules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', clientFk)
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('duration_minutes', 'integer', (c) => c.notNull())
    .addColumn('is_required', t.bool, (c) => c.notNull().defaultTo(t.falseValue))
    // Storage key of the current package folder (SCORM) or file (PDF); a new upload gets a new key.
    .addColumn('package_key', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_size', 'bigint', (c) => c.notNull())
    .addColumn('scorm_version', 'text')
    // What the player needs of the parsed imsmanifest.xml (organization tree, SCOs, assets), as JSON.
    .addColumn('manifest', t.json)
    .addColumn('sco_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('modules_course_position').on('modules').columns(['course_id', 'position']).execute();
  await db.schema.createIndex('modules_client').on('modules').columns(['client_id', 'id']).execute();

  await db.schema
    .createTable('module_texts')
    .addColumn('module_id', 'text', (c) => c.notNull().references('modules.id').onDelete('cascade'))
    .addColumn('client_id', 'text', clientFk)
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('module_texts_pk', ['module_id', 'locale'])
    .execute();

  await db.schema
    .createTable('course_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', clientFk)
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('pdf_key', 'text', (c) => c.notNull())
    .addColumn('pdf_size', 'bigint', (c) => c.notNull())
    .addColumn('logo_key', 'text')
    .addColumn('logo_mime', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('course_files_course').on('course_files').columns(['course_id', 'locale']).execute();

  // One attempt per user, training and module (kind 'training'), or one per content master's preview attempt
  // (kind 'preview', training_id null): learners' progress and previews never share a row.
  await db.schema
    .createTable('scorm_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', clientFk)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('training_id', 'text')
    .addColumn('module_id', 'text', (c) => c.notNull().references('modules.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('success_status', 'text', (c) => c.notNull())
    .addColumn('last_item_id', 'text')
    .addColumn('completed_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  // NULL training ids never collide, so this is unique exactly for learners' attempts.
  await db.schema
    .createIndex('scorm_attempts_training')
    .on('scorm_attempts')
    .columns(['training_id', 'module_id', 'user_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('scorm_attempts_user')
    .on('scorm_attempts')
    .columns(['client_id', 'user_id', 'module_id', 'kind'])
    .execute();

  await db.schema
    .createTable('scorm_sco_data')
    .addColumn('attempt_id', 'text', (c) => c.notNull().references('scorm_attempts.id').onDelete('cascade'))
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', clientFk)
    // The saved CMI data (JSON) that the next launch restores; write-only and LMS-owned elements are left out.
    .addColumn('cmi', t.json, (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('success_status', 'text', (c) => c.notNull())
    .addColumn('exit', 'text')
    .addColumn('total_time_cs', 'bigint', (c) => c.notNull())
    // Total time before the API instance that is committing now began, so its session_time is added once.
    .addColumn('time_base_cs', 'bigint', (c) => c.notNull())
    .addColumn('time_instance', 'text')
    // The latest accepted commit: player page session, then sequence within it (stale commits are refused).
    .addColumn('commit_session', 'text', (c) => c.notNull())
    .addColumn('commit_seq', 'integer', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('scorm_sco_data_pk', ['attempt_id', 'item_id'])
    .execute();
}
