import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { columnTypes } from './schema-helpers';

/**
 * Issue 30 point 4: GDPR requests. `gdpr_exports`: one row per "my data" export (the zip lives in storage until
 * expires_at; no foreign key to users, so the clean-up still finds the file of a person deleted meanwhile).
 * `gdpr_erasures`: who was erased when, and until when their certificates are kept for the client's legal period.
 * `gdpr_retention_warnings`: one row per warning mail of the inactivity retention, keyed by the activity it warns
 * about, so two processes running the job send it once (insert-or-skip) and a person who signs in again and goes
 * quiet later is warned again. New tables only: safe while older processes run.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('gdpr_exports')
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('requested_by', 'text')
    .addColumn('job_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('file_key', 'text')
    .addColumn('file_size', 'bigint')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('ready_at', t.timestamp)
    .addColumn('expires_at', t.timestamp)
    .addPrimaryKeyConstraint('gdpr_exports_pkey', ['client_id', 'id'])
    .execute();
  await db.schema
    .createIndex('gdpr_exports_user')
    .on('gdpr_exports')
    .columns(['client_id', 'user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('gdpr_exports_expires').on('gdpr_exports').column('expires_at').execute();

  await db.schema
    .createTable('gdpr_erasures')
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('erased_at', t.timestamp, (c) => c.notNull())
    .addColumn('erased_by', 'text')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('certificates_until', t.timestamp)
    .addPrimaryKeyConstraint('gdpr_erasures_pkey', ['client_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('gdpr_erasures_certificates_until')
    .on('gdpr_erasures')
    .column('certificates_until')
    .execute();

  await db.schema
    .createTable('gdpr_retention_warnings')
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('stage', 'text', (c) => c.notNull())
    .addColumn('activity_at', 'text', (c) => c.notNull())
    .addColumn('warned_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('gdpr_retention_warnings_pkey', ['client_id', 'user_id', 'stage', 'activity_at'])
    .execute();
}
