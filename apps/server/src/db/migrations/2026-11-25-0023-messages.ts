import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { columnTypes } from './schema-helpers';

/**
 * Issue 14, point 3: messages and notifications, built so that a message to 100,000 users is one row.
 *
 * - `system_messages`: an admin's message to the whole client, or a coordinator's to groups
 *   (`system_message_groups`), stored once. Who has read it is a row per reader in `system_message_reads`, written
 *   only when someone reads it; unread is "visible and no read row", so sending costs the same for 10 or 100,000
 *   users and the reads grow with actual reading, not with the audience.
 * - `messages`: what goes to one user (a private message, a notification of an event), with its own `read_at`.
 *   `dedupe_key` makes an event's notification once per user (a retried job, a second run of a schedule).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('system_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('sender_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    // The sender's name as it was: the message outlives a deleted account.
    .addColumn('sender_name', 'text', (c) => c.notNull())
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('system_messages_client')
    .on('system_messages')
    .columns(['client_id', 'audience', 'created_at'])
    .execute();

  await db.schema
    .createTable('system_message_groups')
    .addColumn('message_id', 'text', (c) => c.notNull().references('system_messages.id').onDelete('cascade'))
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('system_message_groups_pk', ['message_id', 'group_id'])
    .execute();
  await db.schema
    .createIndex('system_message_groups_group')
    .on('system_message_groups')
    .columns(['group_id', 'message_id'])
    .execute();

  await db.schema
    .createTable('system_message_reads')
    .addColumn('message_id', 'text', (c) => c.notNull().references('system_messages.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('read_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('system_message_reads_pk', ['message_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('sender_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('recipient_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('notification_type', 'text')
    .addColumn('data', t.json)
    .addColumn('dedupe_key', 'text')
    .addColumn('read_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  // The inbox and the notifications list of one reader, newest first; the unread count per kind.
  await db.schema
    .createIndex('messages_recipient')
    .on('messages')
    .columns(['recipient_id', 'kind', 'created_at'])
    .execute();
  await db.schema
    .createIndex('messages_recipient_unread')
    .on('messages')
    .columns(['recipient_id', 'read_at', 'kind'])
    .execute();
  await db.schema.createIndex('messages_sender').on('messages').columns(['sender_id', 'created_at']).execute();
  await db.schema
    .createIndex('messages_dedupe')
    .on('messages')
    .columns(['recipient_id', 'dedupe_key'])
    .unique()
    .execute();
}
