import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { columnTypes } from './schema-helpers';

/**
 * Issue 30 point 1, validity and recertification.
 * - courses and trainings get a validity (months, null: for ever) and a renewal window (days before the end); a
 *   training follows its course unless `has_own_validity`.
 * - training_participants carry the cycle they are in and the dates of their last completion's validity, indexed
 *   so the status table filters valid / expiring / expired from the index and the daily job finds what is due.
 * - training_cycles keeps every closed cycle (dates, status, score) as history.
 * - validity_notices: one row per mail and notification sent (insert-or-skip on its key, as training_reminders).
 * - course_certificates and scorm_attempts: one per cycle. Their old keys (training, user[, module]) become
 *   (client_id, training, user[, module], cycle). SQLite cannot drop a table's UNIQUE constraint, so
 *   course_certificates is made anew (foreign keys off, so certificate_codes keeps its rows and its reference).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema.alterTable('courses').addColumn('validity_months', 'integer').execute();
  await db.schema
    .alterTable('courses')
    .addColumn('renewal_days', 'integer', (c) => c.notNull().defaultTo(30))
    .execute();
  await db.schema
    .alterTable('trainings')
    .addColumn('has_own_validity', t.bool, (c) => c.notNull().defaultTo(t.falseValue))
    .execute();
  await db.schema.alterTable('trainings').addColumn('validity_months', 'integer').execute();
  await db.schema.alterTable('trainings').addColumn('renewal_days', 'integer').execute();

  await db.schema
    .alterTable('training_participants')
    .addColumn('cycle', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('training_participants').addColumn('valid_until', t.timestamp).execute();
  await db.schema.alterTable('training_participants').addColumn('renewal_opens_at', t.timestamp).execute();
  // The status table's validity filters and the daily job's per-training scan: both range over renewal_opens_at
  // (every expiring or expired row has its window open) within one training.
  await db.schema
    .createIndex('training_participants_validity')
    .on('training_participants')
    .columns(['client_id', 'training_id', 'renewal_opens_at', 'valid_until', 'status'])
    .execute();

  await db.schema
    .createTable('training_cycles')
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('training_id', 'text', (c) => c.notNull().references('trainings.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('cycle', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('started_at', t.timestamp)
    .addColumn('completed_at', t.timestamp)
    .addColumn('completed_modules', 'integer', (c) => c.notNull())
    .addColumn('required_modules', 'integer', (c) => c.notNull())
    .addColumn('valid_until', t.timestamp)
    .addColumn('closed_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('training_cycles_pk', ['client_id', 'training_id', 'user_id', 'cycle'])
    .execute();

  await db.schema
    .createTable('validity_notices')
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('training_id', 'text', (c) => c.notNull().references('trainings.id').onDelete('cascade'))
    .addColumn('recipient_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** recertification_due or certification_expired. */
    .addColumn('kind', 'text', (c) => c.notNull())
    /** A participant's: `cycle:<n>`; a coordinator's summary: the day (YYYY-MM-DD). */
    .addColumn('ref', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('validity_notices_pk', ['client_id', 'training_id', 'recipient_id', 'kind', 'ref'])
    .execute();

  await db.schema
    .alterTable('scorm_attempts')
    .addColumn('cycle', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.dropIndex('scorm_attempts_training').execute();
  // NULL training ids (previews) never collide, so this is unique exactly for learners' attempts, one per cycle.
  await db.schema
    .createIndex('scorm_attempts_training')
    .on('scorm_attempts')
    .columns(['client_id', 'training_id', 'module_id', 'user_id', 'cycle'])
    .unique()
    .execute();

  if (dialect === 'postgres') {
    await db.schema
      .alterTable('course_certificates')
      .addColumn('cycle', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.alterTable('course_certificates').dropConstraint('course_certificates_training_user').execute();
  } else {
    await rebuildSqliteCertificates(db);
  }
  await db.schema
    .createIndex('course_certificates_training_user_cycle')
    .on('course_certificates')
    .columns(['client_id', 'training_id', 'user_id', 'cycle'])
    .unique()
    .execute();
}

/** SQLite's documented way to change a table's constraints (https://sqlite.org/lang_altertable.html, section 7). */
async function rebuildSqliteCertificates(db: Kysely<unknown>): Promise<void> {
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  try {
    await sql`BEGIN`.execute(db);
    await sql`CREATE TABLE course_certificates_next (
      id text PRIMARY KEY,
      client_id text NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      training_id text NOT NULL REFERENCES trainings(id) ON DELETE CASCADE,
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      locale text NOT NULL,
      file_key text NOT NULL,
      file_size integer NOT NULL,
      issued_at text NOT NULL,
      regenerated_at text,
      verification_code text,
      valid_until text,
      cycle integer NOT NULL DEFAULT 1
    )`.execute(db);
    await sql`INSERT INTO course_certificates_next (id, client_id, training_id, user_id, locale, file_key, file_size,
        issued_at, regenerated_at, verification_code, valid_until)
      SELECT id, client_id, training_id, user_id, locale, file_key, file_size, issued_at, regenerated_at,
        verification_code, valid_until FROM course_certificates`.execute(db);
    await sql`DROP TABLE course_certificates`.execute(db);
    await sql`ALTER TABLE course_certificates_next RENAME TO course_certificates`.execute(db);
    await sql`CREATE INDEX course_certificates_user ON course_certificates (client_id, user_id)`.execute(db);
    await sql`CREATE UNIQUE INDEX course_certificates_verification_code
      ON course_certificates (client_id, verification_code)`.execute(db);
    const broken = await sql`PRAGMA foreign_key_check`.execute(db);
    if (broken.rows.length > 0) throw new Error('course_certificates rebuild left broken references');
    await sql`COMMIT`.execute(db);
  } catch (err) {
    await sql`ROLLBACK`.execute(db).catch(() => undefined);
    throw err;
  } finally {
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}
