import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { columnTypes } from './schema-helpers';

/**
 * Issue 14, premium (spec sections 2-4, DECISIONS "premium"): a client's prices and invoice data, the user's billing
 * address, purchases, invoices with a gap-free number per client, and the PayPal webhook events already handled.
 * Money is integer cents with a currency code (ARCHITECTURE section 9).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('premium_settings')
    .addColumn('client_id', 'text', (c) => c.primaryKey().references('clients.id').onDelete('cascade'))
    .addColumn('is_enabled', t.bool, (c) => c.notNull())
    .addColumn('monthly_cents', 'integer', (c) => c.notNull())
    .addColumn('yearly_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('vat_rate_bp', 'integer', (c) => c.notNull())
    .addColumn('bank_account_holder', 'text', (c) => c.notNull())
    .addColumn('iban', 'text', (c) => c.notNull())
    .addColumn('bic', 'text', (c) => c.notNull())
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('seller_vat_id', 'text', (c) => c.notNull())
    // The last invoice number given: raised in the transaction that writes the invoice, so numbers have no gaps.
    .addColumn('last_invoice_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('premium_billing_addresses')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('address', t.json, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('premium_purchases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('months', 'integer', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('net_cents', 'integer', (c) => c.notNull())
    .addColumn('vat_cents', 'integer', (c) => c.notNull())
    .addColumn('gross_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('vat_rate_bp', 'integer', (c) => c.notNull())
    // The buyer's locale at the purchase: the invoice is written in it, also when a webhook settles the purchase.
    .addColumn('locale', 'text', (c) => c.notNull())
    // The address as it was at the purchase: the invoice must not change when the user edits theirs later.
    .addColumn('billing_address', t.json, (c) => c.notNull())
    .addColumn('paypal_order_id', 'text', (c) => c.unique())
    .addColumn('approve_url', 'text')
    .addColumn('last_checked_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('paid_at', t.timestamp)
    .addColumn('premium_from', t.timestamp)
    .addColumn('premium_until', t.timestamp)
    .execute();
  await db.schema
    .createIndex('premium_purchases_user')
    .on('premium_purchases')
    .columns(['client_id', 'user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('premium_purchases_status')
    .on('premium_purchases')
    .columns(['client_id', 'status', 'created_at'])
    .execute();

  await db.schema
    .createTable('premium_invoices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purchase_id', 'text', (c) =>
      c.notNull().unique().references('premium_purchases.id').onDelete('cascade'),
    )
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    // Seller, bank details and texts as issued: an invoice is a record, later settings must not rewrite it.
    .addColumn('snapshot', t.json, (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('issued_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('premium_invoices_number')
    .on('premium_invoices')
    .columns(['client_id', 'seq'])
    .unique()
    .execute();
  await db.schema
    .createIndex('premium_invoices_user')
    .on('premium_invoices')
    .columns(['client_id', 'user_id', 'issued_at'])
    .execute();

  // PayPal may deliver one event more than once (it retries until it gets a 2xx): the first delivery is acted on.
  await db.schema
    .createTable('paypal_webhook_events')
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('received_at', t.timestamp, (c) => c.notNull())
    .execute();
}
