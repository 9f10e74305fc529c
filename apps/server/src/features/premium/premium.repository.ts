import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import type { PremiumInvoicesTable, PremiumPurchasesTable, PremiumSettingsTable } from './premium.table';

// Tenant-scoped SQL of the premium feature: every function takes the client id first (ARCHITECTURE section 4).

export type SettingsRow = Selectable<PremiumSettingsTable>;
export type PurchaseRow = Selectable<PremiumPurchasesTable>;
export type InvoiceRow = Selectable<PremiumInvoicesTable>;

export const findSettings = (db: DbOrTrx, clientId: string) =>
  db.selectFrom('premium_settings').selectAll().where('client_id', '=', clientId).executeTakeFirst();

export async function upsertSettings(db: DbOrTrx, row: Insertable<PremiumSettingsTable>): Promise<void> {
  const { client_id: _clientId, last_invoice_seq: _seq, ...changes } = row;
  await db
    .insertInto('premium_settings')
    .values(row)
    .onConflict((oc) => oc.column('client_id').doUpdateSet(changes))
    .execute();
}

/**
 * The next invoice number of the client, taken inside the caller's transaction: the row's lock (PostgreSQL) or the
 * single writer (SQLite) serialises two issuers, and a rolled back transaction gives its number back, so the
 * numbers have no gaps.
 */
export async function takeInvoiceSeq(trx: DbOrTrx, clientId: string): Promise<number> {
  const row = await trx
    .updateTable('premium_settings')
    .set((eb) => ({ last_invoice_seq: eb('last_invoice_seq', '+', 1) }))
    .where('client_id', '=', clientId)
    .returning('last_invoice_seq')
    .executeTakeFirstOrThrow();
  return row.last_invoice_seq;
}

export const findBillingAddress = (db: DbOrTrx, clientId: string, userId: string) =>
  db
    .selectFrom('premium_billing_addresses')
    .select('address')
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .executeTakeFirst();

export async function saveBillingAddress(db: DbOrTrx, clientId: string, userId: string, address: string, now: string) {
  await db
    .insertInto('premium_billing_addresses')
    .values({ user_id: userId, client_id: clientId, address, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'client_id']).doUpdateSet({ address, updated_at: now }))
    .execute();
}

export async function insertPurchase(db: DbOrTrx, row: Insertable<PremiumPurchasesTable>): Promise<void> {
  await db.insertInto('premium_purchases').values(row).execute();
}

export const findPurchase = (db: DbOrTrx, clientId: string, id: string) =>
  db
    .selectFrom('premium_purchases')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .executeTakeFirst();

export const findPurchaseByOrder = (db: DbOrTrx, clientId: string, orderId: string) =>
  db
    .selectFrom('premium_purchases')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('paypal_order_id', '=', orderId)
    .executeTakeFirst();

export const pendingPurchaseOf = (db: DbOrTrx, clientId: string, userId: string) =>
  db
    .selectFrom('premium_purchases')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .orderBy('created_at', 'desc')
    .executeTakeFirst();

/** The latest end of the user's paid premium periods (null: never paid). */
export async function premiumUntilOf(db: DbOrTrx, clientId: string, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('premium_purchases')
    .select((eb) => eb.fn.max('premium_until').as('until'))
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .where('status', '=', 'paid')
    .executeTakeFirst();
  return row?.until ?? null;
}

/** Compare-and-set: changes the purchase only while it is still pending; answers whether it did. */
export async function settlePendingPurchase(
  db: DbOrTrx,
  clientId: string,
  id: string,
  changes: Updateable<PremiumPurchasesTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('premium_purchases')
    .set(changes)
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function updatePurchase(
  db: DbOrTrx,
  clientId: string,
  id: string,
  changes: Updateable<PremiumPurchasesTable>,
): Promise<void> {
  await db
    .updateTable('premium_purchases')
    .set(changes)
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .execute();
}

export async function pagePurchases(
  db: DbOrTrx,
  clientId: string,
  query: { page: number; pageSize: number; status?: string | undefined },
) {
  let filtered = db.selectFrom('premium_purchases').where('premium_purchases.client_id', '=', clientId);
  if (query.status) filtered = filtered.where('premium_purchases.status', '=', query.status);
  const counted = await filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await filtered
    .leftJoin('premium_invoices', 'premium_invoices.purchase_id', 'premium_purchases.id')
    .selectAll('premium_purchases')
    .select(['premium_invoices.id as invoice_id', 'premium_invoices.number as invoice_number'])
    .orderBy('premium_purchases.created_at', 'desc')
    .orderBy('premium_purchases.id', 'desc')
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  return { rows, total: Number(counted.n) };
}

export async function insertInvoice(db: DbOrTrx, row: Insertable<PremiumInvoicesTable>): Promise<void> {
  await db.insertInto('premium_invoices').values(row).execute();
}

export const findInvoice = (db: DbOrTrx, clientId: string, id: string) =>
  db
    .selectFrom('premium_invoices')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .executeTakeFirst();

export const findInvoiceOfPurchase = (db: DbOrTrx, clientId: string, purchaseId: string) =>
  db
    .selectFrom('premium_invoices')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('purchase_id', '=', purchaseId)
    .executeTakeFirst();

export async function pageInvoicesOfUser(
  db: DbOrTrx,
  clientId: string,
  userId: string,
  position: { page: number; pageSize: number },
) {
  const filtered = db
    .selectFrom('premium_invoices')
    .where('premium_invoices.client_id', '=', clientId)
    .where('premium_invoices.user_id', '=', userId);
  const counted = await filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await filtered
    .innerJoin('premium_purchases', 'premium_purchases.id', 'premium_invoices.purchase_id')
    .select([
      'premium_invoices.id',
      'premium_invoices.number',
      'premium_invoices.issued_at',
      'premium_invoices.purchase_id',
      'premium_purchases.plan',
      'premium_purchases.method',
      'premium_purchases.status',
      'premium_purchases.net_cents',
      'premium_purchases.vat_cents',
      'premium_purchases.gross_cents',
      'premium_purchases.currency',
    ])
    .orderBy('premium_invoices.issued_at', 'desc')
    .orderBy('premium_invoices.id', 'desc')
    .limit(position.pageSize)
    .offset((position.page - 1) * position.pageSize)
    .execute();
  return { rows, total: Number(counted.n) };
}

/** Notes a webhook event as handled for its client; false when it was already (a repeated delivery). */
export async function recordWebhookEvent(
  db: DbOrTrx,
  row: { event_id: string; client_id: string; event_type: string; received_at: string },
): Promise<boolean> {
  const result = await db
    .insertInto('paypal_webhook_events')
    .values(row)
    .onConflict((oc) => oc.columns(['client_id', 'event_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}
