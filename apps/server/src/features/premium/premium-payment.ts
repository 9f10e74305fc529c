import type { Trx } from '../../db/database';
import type { AppDeps } from '../../platform/deps';
import { nowIso } from '../../platform/ids';
import { asLocale, issueInvoice, storeInvoicePdf } from './invoice.service';
import {
  findInvoiceOfPurchase,
  findPurchase,
  premiumUntilOf,
  settlePendingPurchase,
  type InvoiceRow,
} from './premium.repository';

// Spec section 4 "Purchase": a pending purchase becomes paid once (PayPal's completed capture, seen by the webhook
// or the status poll, or an admin's check of a prepayment); everything after the first is a no-op.

const addMonths = (iso: string, months: number): string => {
  const d = new Date(iso);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString();
};

/**
 * Inside the caller's transaction: a compare-and-set from pending to paid, the premium period (appended to a
 * running one), and for PayPal the invoice. Answers the invoice whose PDF is still to be written, or null when
 * nothing changed (already settled) or the prepayment invoice exists already.
 */
export async function settlePaidIn(
  trx: Trx,
  clientId: string,
  purchaseId: string,
): Promise<{ changed: boolean; invoice: InvoiceRow | null }> {
  const purchase = await findPurchase(trx, clientId, purchaseId);
  if (!purchase || purchase.status !== 'pending') return { changed: false, invoice: null };
  const now = nowIso();
  const running = await premiumUntilOf(trx, clientId, purchase.user_id);
  const from = running && running > now ? running : now;
  const until = addMonths(from, purchase.months);
  const changed = await settlePendingPurchase(trx, clientId, purchaseId, {
    status: 'paid',
    paid_at: now,
    premium_from: from,
    premium_until: until,
  });
  if (!changed) return { changed: false, invoice: null };
  const existing = await findInvoiceOfPurchase(trx, clientId, purchaseId);
  if (existing) return { changed: true, invoice: null };
  return { changed: true, invoice: await issueInvoice(trx, purchase, asLocale(purchase.locale), now) };
}

/** settlePaidIn in a transaction of its own, then the invoice's PDF. Answers whether the purchase changed. */
export async function settlePaid(deps: AppDeps, clientId: string, purchaseId: string): Promise<boolean> {
  const result = await deps.db.transaction().execute((trx) => settlePaidIn(trx, clientId, purchaseId));
  if (result.invoice) await storeInvoicePdf(deps, result.invoice);
  return result.changed;
}

/** A payment PayPal declined or voided: the purchase ends as failed (once). */
export async function settleFailed(deps: AppDeps, clientId: string, purchaseId: string): Promise<void> {
  await settlePendingPurchase(deps.db, clientId, purchaseId, { status: 'failed' });
}
