import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { columnTypes } from './schema-helpers';

/**
 * Issue 13 (Entra ID sign-in): a user's link to an Entra account is the pair tenant id + object id (tid, oid), never
 * the e-mail; and the nonces the server hands out for sign-ins, kept hashed and used once (a replayed ID token
 * carries a nonce that is already used).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('entra_links')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('entra_links_identity')
    .on('entra_links')
    .columns(['client_id', 'tenant_id', 'object_id'])
    .unique()
    .execute();
  await db.schema
    .createTable('entra_nonces')
    .addColumn('nonce_hash', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('used_at', t.timestamp)
    .execute();
  await db.schema.createIndex('entra_nonces_expiry').on('entra_nonces').columns(['expires_at']).execute();
}
