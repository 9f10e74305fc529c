import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { columnTypes } from './schema-helpers';

/** Issue 3: the job table, the mail queue with its attempts, mail templates and per-client SMTP settings. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.references('clients.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('payload', t.json, (c) => c.notNull())
    .addColumn('result', t.json)
    .addColumn('last_error', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('run_at', t.timestamp, (c) => c.notNull())
    .addColumn('lease_until', t.timestamp)
    .addColumn('lease_token', 'text')
    .addColumn('locked_by', 'text')
    .addColumn('heartbeat_at', t.timestamp)
    .addColumn('progress_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('progress_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('progress_succeeded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('progress_failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('capability', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('started_at', t.timestamp)
    .addColumn('finished_at', t.timestamp)
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  // The claim query reads due jobs by (status, run_at) and expired leases by (status, lease_until).
  await db.schema.createIndex('jobs_due').on('jobs').columns(['status', 'run_at']).execute();
  await db.schema.createIndex('jobs_lease').on('jobs').columns(['status', 'lease_until']).execute();
  await db.schema.createIndex('jobs_client').on('jobs').columns(['client_id', 'created_at']).execute();

  await db.schema
    .createTable('mail_queue')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('job_id', 'text', (c) => c.references('jobs.id').onDelete('set null'))
    .addColumn('template_kind', 'text')
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('to_address_normalized', 'text', (c) => c.notNull())
    .addColumn('to_name', 'text')
    .addColumn('reply_to', 'text')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body_text', 'text', (c) => c.notNull())
    .addColumn('body_html', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', t.timestamp)
    .addColumn('sent_at', t.timestamp)
    .addColumn('transport', 'text')
    .addColumn('message_id', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mail_queue_client_created')
    .on('mail_queue')
    .columns(['client_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('mail_queue_client_status')
    .on('mail_queue')
    .columns(['client_id', 'status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('mail_queue_client_recipient')
    .on('mail_queue')
    .columns(['client_id', 'to_address_normalized'])
    .execute();

  await db.schema
    .createTable('mail_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('mail_id', 'text', (c) => c.notNull().references('mail_queue.id').onDelete('cascade'))
    .addColumn('attempted_at', t.timestamp, (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('transport', 'text', (c) => c.notNull())
    .addColumn('smtp_code', 'integer')
    .addColumn('response', 'text')
    .execute();
  await db.schema.createIndex('mail_attempts_mail').on('mail_attempts').columns(['mail_id', 'attempted_at']).execute();

  await db.schema
    .createTable('mail_templates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('standard_kind', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  // NULLs are distinct in unique indexes on both databases: one standard template per kind, any number of others.
  await db.schema
    .createIndex('mail_templates_client_standard')
    .on('mail_templates')
    .columns(['client_id', 'standard_kind'])
    .unique()
    .execute();
  await db.schema
    .createIndex('mail_templates_client_kind')
    .on('mail_templates')
    .columns(['client_id', 'kind'])
    .execute();

  await db.schema
    .createTable('mail_template_locales')
    .addColumn('template_id', 'text', (c) => c.notNull().references('mail_templates.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body_text', 'text', (c) => c.notNull())
    .addColumn('body_html', 'text')
    .addColumn('html_file', 'text')
    .addColumn('html_file_name', 'text')
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('mail_template_locales_pk', ['template_id', 'locale'])
    .execute();

  await db.schema
    .createTable('client_smtp')
    .addColumn('client_id', 'text', (c) => c.primaryKey().references('clients.id').onDelete('cascade'))
    .addColumn('from_address', 'text', (c) => c.notNull())
    .addColumn('from_name', 'text')
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('port', 'integer', (c) => c.notNull())
    .addColumn('is_secure', t.bool, (c) => c.notNull())
    .addColumn('username', 'text')
    .addColumn('password_enc', 'text')
    .addColumn('is_reject_unauthorized', t.bool, (c) => c.notNull().defaultTo(t.trueValue))
    .addColumn('is_enabled', t.bool, (c) => c.notNull().defaultTo(t.trueValue))
    .addColumn('disabled_reason', 'text')
    .addColumn('last_test_at', t.timestamp)
    .addColumn('is_last_test_ok', t.bool)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
}
