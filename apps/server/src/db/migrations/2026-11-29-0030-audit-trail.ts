import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { columnTypes } from './schema-helpers';

/**
 * Issue 30 point 3: the audit trail, one hash chain per client (platform/audit). Entries are keyed (client_id, seq)
 * and read newest first by seq; each filter of the audit screen (actor, action, object, the person concerned) has
 * an index ending in seq, so a page of a filtered trail is a range scan however long the trail grows. New tables
 * only: safe while older processes run.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('audit_entries')
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('at', t.timestamp, (c) => c.notNull())
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('object_type', 'text')
    .addColumn('object_id', 'text')
    .addColumn('subject_user_id', 'text')
    .addColumn('personal', 'text')
    .addColumn('personal_hash', 'text', (c) => c.notNull())
    .addColumn('redacted_at', t.timestamp)
    .addColumn('prev_hash', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('audit_entries_pkey', ['client_id', 'seq'])
    .execute();
  for (const column of ['actor_id', 'action', 'object_id', 'subject_user_id', 'at'] as const)
    await db.schema
      .createIndex(`audit_entries_${column}`)
      .on('audit_entries')
      .columns(['client_id', column, 'seq'])
      .execute();
  await db.schema
    .createTable('audit_heads')
    .addColumn('client_id', 'text', (c) => c.primaryKey().references('clients.id').onDelete('cascade'))
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute();
}
