import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { columnTypes } from './schema-helpers';

/**
 * Issue 14, point 2 (DECISIONS "appointments"): an appointment request is stored and mailed to the chosen contact
 * person. The contact's name and address are kept as they were, since a contact can be edited or deleted later.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('appointment_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('contact_id', 'text', (c) => c.references('client_contacts.id').onDelete('set null'))
    .addColumn('contact_name', 'text', (c) => c.notNull())
    .addColumn('contact_email', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('first_date', t.date, (c) => c.notNull())
    .addColumn('second_date', t.date, (c) => c.notNull())
    .addColumn('time_of_day', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('message', 'text')
    .addColumn('mail_id', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('appointment_requests_user')
    .on('appointment_requests')
    .columns(['client_id', 'user_id', 'created_at'])
    .execute();
}
