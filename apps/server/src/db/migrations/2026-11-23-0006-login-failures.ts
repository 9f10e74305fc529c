import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { columnTypes } from './schema-helpers';

/**
 * Hardening, point 4: failed logins for names that match no account are counted too, so an unknown name gets
 * "locked" after the same 10 failures as a real one and the answer does not tell who has an account.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('unknown_login_failures')
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('login_normalized', 'text', (c) => c.notNull())
    .addColumn('failed_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', t.timestamp)
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('unknown_login_failures_pk', ['client_id', 'login_normalized'])
    .execute();
  await db.schema
    .createIndex('unknown_login_failures_updated')
    .on('unknown_login_failures')
    .column('updated_at')
    .execute();
}
