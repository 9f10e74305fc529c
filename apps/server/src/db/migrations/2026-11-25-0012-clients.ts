import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { columnTypes } from './schema-helpers';

/**
 * Issue 11, client administration. `is_reseller`: only a SUPERADMIN marks a client as a reseller (DECISIONS
 * "Clients"). `deleted_users_count`: the overview's "deleted users" figure, kept by the users feature in the
 * transaction that deletes them, so the overview reads one number per client instead of counting a log; it starts
 * from the deletions logged so far. `client_settings`: spec section 7 "client settings (key, subkey)", JSON values.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .alterTable('clients')
    .addColumn('is_reseller', t.bool, (c) => c.notNull().defaultTo(t.falseValue))
    .execute();
  await db.schema
    .alterTable('clients')
    .addColumn('deleted_users_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update clients set deleted_users_count =
    (select count(*) from user_deletions d where d.client_id = clients.id)`.execute(db);
  // A client that already resells another is a reseller client.
  await sql`update clients set is_reseller = ${t.trueValue}
    where id in (select reseller_client_id from clients where reseller_client_id is not null)`.execute(db);
  await db.schema.createIndex('clients_reseller').on('clients').column('reseller_client_id').execute();

  await db.schema
    .createTable('client_settings')
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('subkey', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('value', t.json, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('client_settings_pk', ['client_id', 'key', 'subkey'])
    .execute();
}
