import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { columnTypes } from './schema-helpers';

/**
 * Issue 31 point 4, the coordinators' weekly digest.
 * - users.is_digest_enabled: the person's own switch on the account page (on by default; only coordinators of a
 *   group get the mail).
 * - coordinator_digests: one row per coordinator and ISO week, inserted with insert-or-skip in the transaction that
 *   queues the mail, so two processes (or a retried job) send it once. A week whose three sections were all empty
 *   has its row too (is_sent false): the next digest's "newly overdue" counts from its period_end.
 * - group_coordinators_client_user: the daily run pages through every client's coordinators in (client, user) order.
 * The client's weekday is a client setting (client_settings, key digest/weekday): no schema change.
 * A new nullable-free column with a default and a new table only: safe while older processes run.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .alterTable('users')
    .addColumn('is_digest_enabled', t.bool, (c) => c.notNull().defaultTo(t.trueValue))
    .execute();
  await db.schema
    .createTable('coordinator_digests')
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** ISO 8601 week of the digest, e.g. 2027-W03. */
    .addColumn('iso_week', 'text', (c) => c.notNull())
    /** The start of the run's UTC day: the end of the period this digest counted (the next one starts here). */
    .addColumn('period_end', t.timestamp, (c) => c.notNull())
    .addColumn('is_sent', t.bool, (c) => c.notNull())
    /** The queued mail; null when nothing was to report (or the person has no address). */
    .addColumn('mail_id', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('coordinator_digests_pk', ['client_id', 'user_id', 'iso_week'])
    .execute();
  await db.schema
    .createIndex('group_coordinators_client_user')
    .on('group_coordinators')
    .columns(['client_id', 'user_id', 'group_id'])
    .execute();
}
