import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { columnTypes } from './schema-helpers';

/**
 * Issue 13 (SCIM 2.0): a directory's resource as it last sent it (attributes the app has no column for, such as
 * title or addresses, come back on GET as the directory wrote them), one row per SCIM-managed user or group; and
 * the lookups a directory's filters need (externalId of users and groups, per client).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('scim_resources')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('resource_type', 'text', (c) => c.notNull())
    .addColumn('data', t.json, (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('scim_resources_client')
    .on('scim_resources')
    .columns(['client_id', 'resource_type', 'id'])
    .execute();
  await db.schema.createIndex('users_client_external').on('users').columns(['client_id', 'external_id']).execute();
  await db.schema.createIndex('groups_client_external').on('groups').columns(['client_id', 'external_id']).execute();
}
