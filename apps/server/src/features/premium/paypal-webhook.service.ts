import type { AppDeps } from '../../platform/deps';
import { badRequest, fail } from '../../platform/errors';
import { nowIso } from '../../platform/ids';
import { PaypalError, paypalOf, type WebhookHeaders } from './paypal-client';
import { findPurchaseByOrder, recordWebhookEvent } from './premium.repository';
import { settleFailed, settlePaidIn } from './premium-payment';
import { storeInvoicePdf } from './invoice.service';
import { syncPaypalPurchase } from './paypal-sync';

export interface WebhookEvent {
  /** The body as it arrived, for the signature check. */
  received?: unknown;
  id: string;
  event_type: string;
  resource?: {
    id?: string;
    status?: string;
    amount?: { currency_code?: string; value?: string };
    supplementary_data?: { related_ids?: { order_id?: string } };
  };
}

const headerOf = (headers: Record<string, string | string[] | undefined>, name: string): string => {
  const v = headers[name];
  return (Array.isArray(v) ? v[0] : v) ?? '';
};

export function webhookHeaders(headers: Record<string, string | string[] | undefined>): WebhookHeaders {
  return {
    transmissionId: headerOf(headers, 'paypal-transmission-id'),
    transmissionTime: headerOf(headers, 'paypal-transmission-time'),
    transmissionSig: headerOf(headers, 'paypal-transmission-sig'),
    certUrl: headerOf(headers, 'paypal-cert-url'),
    authAlgo: headerOf(headers, 'paypal-auth-algo'),
  };
}

const cents = (value: string | undefined): number => (value ? Math.round(Number(value) * 100) : NaN);

/**
 * POST /api/premium/paypal/webhook. Nothing happens before PayPal's verify-webhook-signature call answers SUCCESS
 * (a forged or altered event is 400 webhook_invalid). An event is acted on once: its id is recorded in the
 * transaction that settles the purchase, so a repeated delivery (PayPal retries until it gets a 2xx) finds it and
 * changes nothing. Events for orders this client does not know are acknowledged and ignored, and not recorded.
 */
export async function handlePaypalWebhook(
  deps: AppDeps,
  clientId: string,
  headers: WebhookHeaders,
  event: WebhookEvent,
): Promise<{ ok: true }> {
  const paypal = paypalOf(deps.config);
  if (!paypal || !paypal.webhookId) return badRequest('paypal_unavailable');
  if (Object.values(headers).some((v) => v === '')) return badRequest('webhook_invalid');
  const verified = await paypal.verifyWebhook(headers, event.received ?? event).catch((err: unknown) => {
    // PayPal unreachable: not 2xx, so PayPal delivers the event again later.
    if (err instanceof PaypalError) return fail(502, 'paypal_unavailable');
    throw err;
  });
  if (!verified) return badRequest('webhook_invalid');

  const orderId =
    event.event_type === 'CHECKOUT.ORDER.APPROVED'
      ? event.resource?.id
      : event.resource?.supplementary_data?.related_ids?.order_id;
  const purchase = orderId ? await findPurchaseByOrder(deps.db, clientId, orderId) : undefined;
  // Nothing of this client's: acknowledged, and not recorded, so the event still counts on the host it belongs to
  // (issue 28 point 7f; the ids are kept per client as well).
  if (!purchase) return { ok: true };
  const record = { event_id: event.id, client_id: clientId, event_type: event.event_type, received_at: nowIso() };

  if (event.event_type === 'PAYMENT.CAPTURE.COMPLETED') {
    const amountMatches =
      cents(event.resource?.amount?.value) === purchase.gross_cents &&
      event.resource?.amount?.currency_code === purchase.currency;
    const result = await deps.db.transaction().execute(async (trx) => {
      if (!(await recordWebhookEvent(trx, record))) return null;
      // A capture of another amount is not this purchase's payment (PayPal signed it, but for what?): recorded only.
      return amountMatches ? settlePaidIn(trx, clientId, purchase.id) : null;
    });
    if (result?.invoice) await storeInvoicePdf(deps, result.invoice);
    return { ok: true };
  }
  if (!(await recordWebhookEvent(deps.db, record))) return { ok: true };
  if (event.event_type === 'CHECKOUT.ORDER.APPROVED') await syncPaypalPurchase(deps, purchase);
  else if (event.event_type === 'PAYMENT.CAPTURE.DENIED' || event.event_type === 'PAYMENT.CAPTURE.DECLINED')
    await settleFailed(deps, clientId, purchase.id);
  return { ok: true };
}
