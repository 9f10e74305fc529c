import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { columnTypes } from './schema-helpers';

/**
 * Scale-out (issue 16): request limits counted in the database, so N processes behind a balancer share one count
 * (platform/rate-limit.ts). One row per limit, subject (an IP) and fixed window; the daily clean-up deletes old
 * windows. Plus the index the clean-up of sent mail after MAIL_RETENTION_DAYS reads by.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('rate_limit_hits')
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('window_start', t.timestamp, (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limit_hits_pk', ['bucket', 'subject', 'window_start'])
    .execute();
  await db.schema.createIndex('rate_limit_hits_window').on('rate_limit_hits').column('window_start').execute();
  await db.schema.createIndex('mail_queue_status_sent').on('mail_queue').columns(['status', 'sent_at']).execute();
}
