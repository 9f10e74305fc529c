import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { columnTypes } from './schema-helpers';

/**
 * Issue 4: groups with members and coordinators, single-use link tokens, forgot-username requests, CSV imports, and
 * the columns and indexes that keep the user list fast at 100,000 users per client.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);

  // Search and sort keys are computed by the app (Unicode lower case and diacritic folding, which SQLite's lower()
  // cannot do). A row written without them is repaired before the next search (users_search_missing finds it).
  await db.schema.alterTable('users').addColumn('search_text', 'text').execute();
  await db.schema.alterTable('users').addColumn('sort_name', 'text').execute();
  await db.schema.createIndex('users_client_sort_name').on('users').columns(['client_id', 'sort_name', 'id']).execute();
  await db.schema
    .createIndex('users_client_personnel')
    .on('users')
    .columns(['client_id', 'personell_number', 'id'])
    .execute();
  await db.schema.createIndex('users_client_role').on('users').columns(['client_id', 'role', 'id']).execute();
  await db.schema.createIndex('users_client_active').on('users').columns(['client_id', 'is_active', 'id']).execute();
  await db.schema.createIndex('users_client_last_login').on('users').columns(['client_id', 'last_login_at']).execute();
  await db.schema.createIndex('users_client_created').on('users').columns(['client_id', 'created_at']).execute();
  await db.schema.createIndex('users_company').on('users').columns(['company_id']).execute();
  await db.schema
    .createIndex('users_search_missing')
    .on('users')
    .column('client_id')
    .where(sql.ref('search_text'), 'is', null)
    .execute();
  if (dialect === 'postgres') await createTrigramIndex(db);
  else await createSqliteSearchTable(db);

  await db.schema
    .createTable('groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_normalized', 'text', (c) => c.notNull())
    .addColumn('is_externally_managed', t.bool, (c) => c.notNull().defaultTo(t.falseValue))
    .addColumn('external_id', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('groups_client_name')
    .on('groups')
    .columns(['client_id', 'name_normalized'])
    .unique()
    .execute();

  for (const table of ['group_members', 'group_coordinators'] as const) {
    await db.schema
      .createTable(table)
      .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['group_id', 'user_id'])
      .execute();
    await db.schema.createIndex(`${table}_user`).on(table).columns(['user_id', 'group_id']).execute();
  }

  await db.schema
    .createTable('user_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('used_at', t.timestamp)
    .execute();
  await db.schema.createIndex('user_tokens_user').on('user_tokens').columns(['user_id', 'purpose']).execute();

  await db.schema
    .createTable('forgot_username_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('name_normalized', 'text', (c) => c.notNull())
    .addColumn('email_normalized', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('forgot_username_requests_key')
    .on('forgot_username_requests')
    .columns(['client_id', 'name_normalized', 'email_normalized', 'created_at'])
    .execute();

  await db.schema
    .createTable('user_imports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('delimiter', 'text', (c) => c.notNull())
    .addColumn('row_count', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('options', t.json)
    .addColumn('job_id', 'text')
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('report', t.json)
    .addColumn('error', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_imports_client').on('user_imports').columns(['client_id', 'created_at']).execute();

  // Client figures count deleted users (spec section 3 "Client"); the row keeps no personal data.
  await db.schema
    .createTable('user_deletions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('deleted_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_deletions_client').on('user_deletions').column('client_id').execute();
}

/**
 * Contains-search over 100,000 users stays fast on PostgreSQL with a trigram index. pg_trgm is a trusted extension
 * (PostgreSQL 13+), but a server may still not offer it: then search falls back to a scan, as on SQLite. The
 * savepoint keeps a refused CREATE EXTENSION from aborting the migration's transaction.
 */
async function createTrigramIndex(db: Kysely<unknown>): Promise<void> {
  await sql`savepoint trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index users_search_trgm on users using gin (search_text gin_trgm_ops)`.execute(db);
    await sql`release savepoint trgm`.execute(db);
  } catch {
    await sql`rollback to savepoint trgm`.execute(db);
  }
}

/**
 * SQLite's counterpart: an FTS5 trigram index over users.search_text (external content, kept in step by triggers,
 * so rows written by any code are found). It answers LIKE '%word%' for words of three or more characters without
 * reading every user. VACUUM keeps rowids in current SQLite; should an index ever drift, the FTS5 'rebuild'
 * command restores it.
 */
async function createSqliteSearchTable(db: Kysely<unknown>): Promise<void> {
  await sql`create virtual table users_fts using fts5(search_text, content='users', content_rowid='rowid', tokenize='trigram')`.execute(
    db,
  );
  await sql`create trigger users_fts_insert after insert on users begin
    insert into users_fts(rowid, search_text) values (new.rowid, new.search_text);
  end`.execute(db);
  await sql`create trigger users_fts_delete after delete on users begin
    insert into users_fts(users_fts, rowid, search_text) values ('delete', old.rowid, old.search_text);
  end`.execute(db);
  await sql`create trigger users_fts_update after update of search_text on users begin
    insert into users_fts(users_fts, rowid, search_text) values ('delete', old.rowid, old.search_text);
    insert into users_fts(rowid, search_text) values (new.rowid, new.search_text);
  end`.execute(db);
  await sql`insert into users_fts(users_fts) values ('rebuild')`.execute(db);
}
