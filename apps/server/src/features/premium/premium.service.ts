import { audit, auditWhoOf } from '../../platform/audit/audit-actor';
import type {
  TAdminPurchase,
  TAdminPurchasePage,
  TCreatePurchaseBody,
  TPremiumOffer,
  TPremiumStatus,
  TPurchase,
  ZAdminPurchaseQuery,
  ZCreatePurchaseBody,
} from '@lms/contracts/premium';
import type { z } from 'zod';
import type { DbOrTrx } from '../../db/database';
import type { AppDeps } from '../../platform/deps';
import { badRequest, conflict, fail, notFound } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import type { Actor } from '../../platform/session';
import { assertMayActOnClient } from '../clients';
import { findUserById } from '../users';
import { issueInvoice, storeInvoicePdf } from './invoice.service';
import { paypalOf } from './paypal-client';
import {
  findBillingAddress,
  findInvoiceOfPurchase,
  findPurchase,
  insertPurchase,
  pagePurchases,
  pendingPurchaseOf,
  premiumUntilOf,
  saveBillingAddress,
  updatePurchase,
  type PurchaseRow,
} from './premium.repository';
import { settlePaid } from './premium-payment';
import {
  discountOf,
  loadSettings,
  PLAN_MONTHS,
  planPrices,
  prepaymentPossible,
  SETTINGS_CAPABILITY,
} from './premium-settings.service';

export const presentPurchase = (r: PurchaseRow, invoiceId: string | null): TPurchase => ({
  id: r.id,
  plan: r.plan as TPurchase['plan'],
  method: r.method as TPurchase['method'],
  status: r.status as TPurchase['status'],
  grossCents: r.gross_cents,
  currency: r.currency,
  createdAt: r.created_at,
  paidAt: r.paid_at,
  premiumUntil: r.premium_until,
  invoiceId,
  approveUrl: r.status === 'pending' ? r.approve_url : null,
});

export async function premiumStatusOf(db: DbOrTrx, clientId: string, userId: string): Promise<TPremiumStatus> {
  const until = await premiumUntilOf(db, clientId, userId);
  const pending = await pendingPurchaseOf(db, clientId, userId);
  return {
    active: until !== null && until > nowIso(),
    activeUntil: until,
    pendingPurchaseId: pending?.id ?? null,
  };
}

/** GET /api/premium/offer: the client's plans with their prices, the ways to pay, the user's state and address. */
export async function getOffer(deps: AppDeps, actor: Actor): Promise<TPremiumOffer> {
  const settings = await loadSettings(deps.db, actor.clientId);
  const methods: TPremiumOffer['methods'] = [];
  if (paypalOf(deps.config)) methods.push('paypal');
  if (prepaymentPossible(settings)) methods.push('prepayment');
  const address = await findBillingAddress(deps.db, actor.clientId, actor.userId);
  return {
    available: settings.enabled && methods.length > 0,
    currency: settings.currency,
    vatRatePercent: settings.vatRateBasisPoints / 100,
    plans: settings.enabled ? planPrices(settings) : [],
    yearlyDiscountPercent: discountOf(settings),
    methods,
    status: await premiumStatusOf(deps.db, actor.clientId, actor.userId),
    billingAddress: address ? (JSON.parse(address.address) as TPremiumOffer['billingAddress']) : null,
  };
}

/**
 * POST /api/premium/purchases (step 2): stores the billing address and a pending purchase at the client's current
 * price. Prepayment issues its invoice (with the bank details) in the same transaction; PayPal creates the order
 * and answers where the payer approves it. One pending purchase at a time (409 premium_purchase_pending).
 */
export async function createPurchase(
  deps: AppDeps,
  actor: Actor,
  body: z.output<typeof ZCreatePurchaseBody>,
  urls: { returnUrl: (id: string) => string; cancelUrl: (id: string) => string },
): Promise<TPurchase> {
  const settings = await loadSettings(deps.db, actor.clientId);
  if (!settings.enabled) badRequest('premium_not_available');
  const paypal = paypalOf(deps.config);
  if (body.method === 'paypal' && !paypal) badRequest('paypal_unavailable');
  if (body.method === 'prepayment' && !prepaymentPossible(settings)) badRequest('premium_not_available');
  const price = planPrices(settings).find((p) => p.plan === body.plan)!;
  const id = newId();
  const now = nowIso();
  const address = JSON.stringify(body.billingAddress satisfies TCreatePurchaseBody['billingAddress']);
  const row: PurchaseRow = {
    id,
    client_id: actor.clientId,
    user_id: actor.userId,
    plan: body.plan,
    months: PLAN_MONTHS[body.plan],
    method: body.method,
    status: 'pending',
    net_cents: price.netCents,
    vat_cents: price.vatCents,
    gross_cents: price.grossCents,
    currency: settings.currency,
    vat_rate_bp: settings.vatRateBasisPoints,
    locale: actor.locale,
    billing_address: address,
    paypal_order_id: null,
    approve_url: null,
    last_checked_at: null,
    created_at: now,
    paid_at: null,
    premium_from: null,
    premium_until: null,
  };
  const invoice = await deps.db.transaction().execute(async (trx) => {
    if (await pendingPurchaseOf(trx, actor.clientId, actor.userId)) conflict('premium_purchase_pending');
    await saveBillingAddress(trx, actor.clientId, actor.userId, address, now);
    await insertPurchase(trx, row);
    return body.method === 'prepayment' ? issueInvoice(trx, row, actor.locale, now) : null;
  });
  if (invoice) {
    await storeInvoicePdf(deps, invoice);
    return presentPurchase(row, invoice.id);
  }
  try {
    const order = await paypal!.createOrder({
      requestId: `order-${id}`,
      referenceId: id,
      invoiceId: id,
      currency: row.currency,
      grossCents: row.gross_cents,
      description: `Premium ${body.plan}`,
      returnUrl: urls.returnUrl(id),
      cancelUrl: urls.cancelUrl(id),
      locale: actor.locale,
    });
    await updatePurchase(deps.db, actor.clientId, id, { paypal_order_id: order.id, approve_url: order.approveUrl });
    return presentPurchase({ ...row, paypal_order_id: order.id, approve_url: order.approveUrl }, null);
  } catch (err) {
    // No order, nothing to wait for: the purchase must not block the next try.
    await updatePurchase(deps.db, actor.clientId, id, { status: 'failed' });
    return fail(502, 'paypal_unavailable', { cause: err instanceof Error ? err.message : 'unknown' });
  }
}

/** GET /api/premium/purchases/{id}: the owner's purchase; a pending PayPal one is checked with PayPal first. */
export async function getMyPurchase(
  deps: AppDeps,
  actor: Actor,
  id: string,
  poll: (row: PurchaseRow) => Promise<void>,
): Promise<TPurchase> {
  const before = (await findPurchase(deps.db, actor.clientId, id)) ?? notFound('purchase');
  if (before.user_id !== actor.userId) notFound('purchase');
  await poll(before);
  const row = (await findPurchase(deps.db, actor.clientId, id)) ?? notFound('purchase');
  return presentPurchase(row, (await findInvoiceOfPurchase(deps.db, actor.clientId, id))?.id ?? null);
}

export async function listClientPurchases(
  deps: AppDeps,
  actor: Actor,
  query: z.output<typeof ZAdminPurchaseQuery>,
): Promise<TAdminPurchasePage> {
  await assertMayActOnClient(deps.db, actor, SETTINGS_CAPABILITY, query.clientId, 'read');
  const { rows, total } = await pagePurchases(deps.db, query.clientId, query);
  const items: TAdminPurchase[] = [];
  for (const r of rows) {
    const user = await findUserById(deps.db, query.clientId, r.user_id);
    items.push({
      ...presentPurchase(r, r.invoice_id),
      userId: r.user_id,
      userName: user ? `${user.first_name} ${user.last_name}`.trim() || (user.email ?? '') : '',
      invoiceNumber: r.invoice_number,
    });
  }
  return { items, total, totalCapped: false, page: query.page, pageSize: query.pageSize };
}

/** POST /api/premium/admin/purchases/{id}/paid: an admin has seen the prepayment arrive; premium starts now. */
export async function markPurchasePaid(deps: AppDeps, actor: Actor, id: string): Promise<TPurchase> {
  const clientId = (await findPurchaseClient(deps.db, id)) ?? notFound('purchase');
  await assertMayActOnClient(deps.db, actor, SETTINGS_CAPABILITY, clientId);
  const row = (await findPurchase(deps.db, clientId, id)) ?? notFound('purchase');
  if (row.method !== 'prepayment' || row.status !== 'pending') conflict('purchase_not_pending');
  if (!(await settlePaid(deps, clientId, id))) conflict('purchase_not_pending');
  // settlePaid commits the payment with its invoice; the entry follows it (a crash between loses the entry only).
  await deps.db.transaction().execute((trx) =>
    audit(trx, auditWhoOf(actor), clientId, 'premium.changed', {
      object: { type: 'premium-purchase', id },
      subjectUserId: row.user_id,
      before: { status: row.status },
      after: { status: 'paid' },
    }),
  );
  const after = (await findPurchase(deps.db, clientId, id)) ?? notFound('purchase');
  return presentPurchase(after, (await findInvoiceOfPurchase(deps.db, clientId, id))?.id ?? null);
}

/** The client of a purchase named only by id (the admin may act on a client they resell). */
async function findPurchaseClient(db: DbOrTrx, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('premium_purchases').select('client_id').where('id', '=', id).executeTakeFirst();
  return row?.client_id;
}
