import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { columnTypes } from './schema-helpers';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);

  await db.schema
    .createTable('clients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_normalized', 'text', (c) => c.notNull().unique())
    .addColumn('platform_domain', 'text', (c) => c.notNull().unique())
    .addColumn('is_platform_active', t.bool, (c) => c.notNull().defaultTo(t.trueValue))
    .addColumn('platform_start', t.date)
    .addColumn('platform_end', t.date)
    .addColumn('colours', t.json, (c) => c.notNull())
    .addColumn('logo_file', 'text')
    .addColumn('logo_mime', 'text')
    .addColumn('support_email', 'text')
    .addColumn('min_password_length', 'integer', (c) => c.notNull().defaultTo(8))
    .addColumn('imprint_type', 'text')
    .addColumn('imprint_value', 'text')
    .addColumn('privacy_policy_type', 'text')
    .addColumn('privacy_policy_value', 'text')
    .addColumn('email_footer', 'text')
    .addColumn('invoice_client_id', 'text')
    .addColumn('reseller_client_id', 'text', (c) => c.references('clients.id').onDelete('set null'))
    .addColumn('address_street', 'text')
    .addColumn('address_house_number', 'text')
    .addColumn('address_zip', 'text')
    .addColumn('address_city', 'text')
    .addColumn('is_entra_enabled', t.bool, (c) => c.notNull().defaultTo(t.falseValue))
    .addColumn('entra_client_id', 'text')
    .addColumn('entra_tenant_id', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('companies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('companies_client_name')
    .on('companies')
    .columns(['client_id', 'name'])
    .unique()
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('email', 'text')
    .addColumn('email_normalized', 'text')
    .addColumn('username', 'text')
    .addColumn('username_normalized', 'text')
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('personell_number', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('initial_password_hash', 'text')
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('company_id', 'text', (c) => c.references('companies.id').onDelete('set null'))
    .addColumn('gender', 'text')
    .addColumn('birthday', t.date)
    .addColumn('street', 'text')
    .addColumn('city', 'text')
    .addColumn('hired_since', t.date)
    .addColumn('is_active', t.bool, (c) => c.notNull().defaultTo(t.trueValue))
    .addColumn('active_from', t.date)
    .addColumn('active_to', t.date)
    .addColumn('last_login_at', t.timestamp)
    .addColumn('login_type', 'integer', (c) => c.notNull())
    .addColumn('is_password_change_required', t.bool, (c) => c.notNull().defaultTo(t.falseValue))
    .addColumn('is_welcome_dialog_seen', t.bool, (c) => c.notNull().defaultTo(t.falseValue))
    .addColumn('password_updated_at', t.timestamp)
    .addColumn('failed_login_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', t.timestamp)
    .addColumn('profile_picture', 'text')
    .addColumn('external_id', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('users_client_email')
    .on('users')
    .columns(['client_id', 'email_normalized'])
    .unique()
    .execute();
  await db.schema
    .createIndex('users_client_username')
    .on('users')
    .columns(['client_id', 'username_normalized'])
    .unique()
    .execute();
  await db.schema
    .createIndex('users_client_name')
    .on('users')
    .columns(['client_id', 'last_name', 'first_name'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('last_seen_at', t.timestamp, (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
}
