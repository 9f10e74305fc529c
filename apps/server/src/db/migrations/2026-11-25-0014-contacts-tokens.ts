import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { columnTypes } from './schema-helpers';

/**
 * Issue "Clients and the reseller area", points 4 and 5: a client's contacts, company names unique per client
 * regardless of case, and the client's secret tokens (DECISIONS "secret tokens": only the SHA-256 of a secret is
 * kept; an invalidated token stays as a record).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('client_contacts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('responsibility', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('client_contacts_client').on('client_contacts').columns(['client_id']).execute();

  // "Acme" and "ACME" are one company (the CSV import already matched them so): the key is the trimmed lower case
  // name, written by the application (SQLite's lower() folds ASCII only).
  await db.schema
    .alterTable('companies')
    .addColumn('name_normalized', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  const rows = await sql<{ id: string; name: string }>`select id, name from companies`.execute(db);
  for (const row of rows.rows) {
    await sql`update companies set name_normalized = ${row.name.trim().toLowerCase()} where id = ${row.id}`.execute(db);
  }
  await db.schema.dropIndex('companies_client_name').execute();
  await db.schema
    .createIndex('companies_client_name')
    .on('companies')
    .columns(['client_id', 'name_normalized'])
    .unique()
    .execute();

  await db.schema
    .createTable('client_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_on', t.date)
    .addColumn('is_active', t.bool, (c) => c.notNull())
    .addColumn('created_by_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    // The creator's name as it was: a reseller's user lives in another client, and the record outlives the user.
    .addColumn('created_by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('last_accessed_at', t.timestamp)
    .addColumn('invalidated_at', t.timestamp)
    .execute();
  await db.schema
    .createIndex('client_tokens_client')
    .on('client_tokens')
    .columns(['client_id', 'created_at'])
    .execute();
}
