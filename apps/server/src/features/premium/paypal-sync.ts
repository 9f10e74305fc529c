import type { AppDeps } from '../../platform/deps';
import { nowIso } from '../../platform/ids';
import { paypalOf, PaypalError, type PaypalOrder } from './paypal-client';
import { updatePurchase, type PurchaseRow } from './premium.repository';
import { settleFailed, settlePaid } from './premium-payment';

/** The status poll asks PayPal at most this often per purchase, however often the waiting page asks us. */
export const PAYPAL_POLL_SECONDS = 3;

const FAILED_CAPTURE = new Set(['DECLINED', 'FAILED']);

/**
 * Brings a pending PayPal purchase in step with its order: an approved order is captured (PayPal-Request-Id makes a
 * repeated capture answer the first), a COMPLETED capture settles the purchase, a declined one fails it. A PENDING
 * capture (PayPal still checks the payment) waits for the webhook PAYMENT.CAPTURE.COMPLETED or a later poll.
 */
export async function syncPaypalPurchase(deps: AppDeps, purchase: PurchaseRow): Promise<void> {
  const paypal = paypalOf(deps.config);
  if (!paypal || !purchase.paypal_order_id || purchase.status !== 'pending') return;
  let order: PaypalOrder = await paypal.getOrder(purchase.paypal_order_id);
  if (order.status === 'APPROVED') {
    try {
      order = await paypal.captureOrder(order.id, `capture-${purchase.id}`);
    } catch (err) {
      // Captured meanwhile by the webhook's path: read the order as it is now.
      if (!(err instanceof PaypalError) || err.issue !== 'ORDER_ALREADY_CAPTURED') throw err;
      order = await paypal.getOrder(order.id);
    }
  }
  await applyOrder(deps, purchase, order);
}

export async function applyOrder(deps: AppDeps, purchase: PurchaseRow, order: PaypalOrder): Promise<void> {
  if (order.captures.some((c) => c.status === 'COMPLETED')) await settlePaid(deps, purchase.client_id, purchase.id);
  else if (order.status === 'VOIDED' || order.captures.some((c) => FAILED_CAPTURE.has(c.status)))
    await settleFailed(deps, purchase.client_id, purchase.id);
}

/** The poll: throttled by last_checked_at; PayPal being unreachable leaves the purchase pending for the next poll. */
export async function pollPaypalPurchase(deps: AppDeps, purchase: PurchaseRow, log: (err: unknown) => void) {
  if (purchase.method !== 'paypal' || purchase.status !== 'pending') return;
  const now = Date.now();
  if (purchase.last_checked_at && now - Date.parse(purchase.last_checked_at) < PAYPAL_POLL_SECONDS * 1000) return;
  await updatePurchase(deps.db, purchase.client_id, purchase.id, { last_checked_at: nowIso() });
  try {
    await syncPaypalPurchase(deps, purchase);
  } catch (err) {
    log(err);
  }
}
