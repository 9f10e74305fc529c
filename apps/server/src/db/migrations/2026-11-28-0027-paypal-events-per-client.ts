import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { columnTypes } from './schema-helpers';

/**
 * Issue 28 point 7f: a PayPal webhook event id was recorded platform-wide, before the host's client was checked, so
 * a delivery of one client's event on another client's host used it up there. Event ids are now kept per client:
 * the key becomes (client_id, event_id). SQLite cannot change a primary key in place, so the table is made anew and
 * the rows copied (the same steps on PostgreSQL keep one migration for both).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('paypal_webhook_events_per_client')
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('received_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('paypal_webhook_events_client_event_pk', ['client_id', 'event_id'])
    .execute();
  await sql`INSERT INTO paypal_webhook_events_per_client (client_id, event_id, event_type, received_at)
    SELECT client_id, event_id, event_type, received_at FROM paypal_webhook_events`.execute(db);
  await db.schema.dropTable('paypal_webhook_events').execute();
  await db.schema.alterTable('paypal_webhook_events_per_client').renameTo('paypal_webhook_events').execute();
}
