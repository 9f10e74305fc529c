import { expect, it } from 'vitest';
import { useFakePaypal } from '../../../test/fake-paypal';
import { describeEachDialect } from '../../../test/test-app';
import type { Caller } from '../../../test/test-app';
import { pdfText } from '../certificates/test-certificates';
import { ADDRESS, premiumWorld } from './test-premium';

// Issue 14 "PayPal" and "Bad webhooks", against the fake PayPal of the test suite (test/fake-paypal.ts): the real
// client code (Orders v2, OAuth2, verify-webhook-signature) talks HTTP to it.

const { fake, overrides } = useFakePaypal();

const webhook = (who: Caller, delivery: { headers: Record<string, string>; body: string }) =>
  who.inject({ method: 'POST', url: '/api/premium/paypal/webhook', headers: delivery.headers, payload: delivery.body });

const orderOf = (approveUrl: string) => new URL(approveUrl).searchParams.get('token') ?? '';

describeEachDialect(
  'premium with PayPal',
  (ctx) => {
    it('creates the order, captures it once approved, and the signed webhook makes premium active', async () => {
      fake().captureStatus = 'PENDING';
      const w = await premiumWorld(ctx());
      expect((await w.learner.get('/api/premium/offer')).json()).toMatchObject({ methods: ['paypal', 'prepayment'] });
      const res = await w.learner.post('/api/premium/purchases', {
        plan: 'yearly',
        method: 'paypal',
        billingAddress: ADDRESS,
      });
      expect(res.statusCode).toBe(200);
      const purchase = res.json<{ id: string; approveUrl: string; status: string }>();
      expect(purchase.status).toBe('pending');
      const orderId = orderOf(purchase.approveUrl);
      const order = fake().orders.get(orderId)!;
      expect(order.purchase_units[0]).toMatchObject({
        reference_id: purchase.id,
        amount: { currency_code: 'EUR', value: '99.90' },
      });
      expect(order.returnUrl).toBe(`http://${w.client.host}/premium/paypal-return?purchase=${purchase.id}`);

      // Not yet approved: the poll leaves it pending.
      expect((await w.learner.get(`/api/premium/purchases/${purchase.id}`)).json()).toMatchObject({
        status: 'pending',
      });
      fake().approve(orderId);
      await new Promise((r) => setTimeout(r, 3100)); // the poll asks PayPal at most every 3 s
      // The poll captures; PayPal still checks the payment (capture PENDING), so premium waits.
      expect((await w.learner.get(`/api/premium/purchases/${purchase.id}`)).json()).toMatchObject({
        status: 'pending',
      });
      expect(fake().orders.get(orderId)?.status).toBe('COMPLETED');
      expect((await w.learner.get('/api/premium/offer')).json()).toMatchObject({ status: { active: false } });

      const event = fake().completeCapture(orderId);
      const delivered = await webhook(w.learner, fake().signedDelivery(event));
      expect(delivered.statusCode).toBe(200);
      const done = (await w.learner.get(`/api/premium/purchases/${purchase.id}`)).json<{
        status: string;
        invoiceId: string;
      }>();
      expect(done).toMatchObject({ status: 'paid' });
      expect((await w.learner.get('/api/premium/offer')).json()).toMatchObject({ status: { active: true } });
      const pdf = await w.learner.get(`/api/premium/invoices/${done.invoiceId}/pdf`);
      const text = await pdfText(pdf.rawPayload);
      expect(text).toContain('Jürgen Müller');
      expect(text).toContain('99,90');
      expect(text).toContain('Bezahlt mit PayPal');
      fake().captureStatus = 'COMPLETED';
    });

    it('bad webhooks: a forged signature changes nothing, one sent twice acts once', async () => {
      const w = await premiumWorld(ctx());
      const purchase = (
        await w.learner.post('/api/premium/purchases', { plan: 'monthly', method: 'paypal', billingAddress: ADDRESS })
      ).json<{ id: string; approveUrl: string }>();
      const orderId = orderOf(purchase.approveUrl);
      fake().captureStatus = 'PENDING';
      fake().approve(orderId);
      const order = fake().orders.get(orderId)!;
      order.status = 'COMPLETED';
      order.captures.push({ id: 'CAPTURE1', status: 'PENDING', amount: { currency_code: 'EUR', value: '9.99' } });
      fake().captureStatus = 'COMPLETED';
      const event = fake().completeCapture(orderId);

      // Forged: the signature of another body, a tampered amount, an unsigned call.
      const good = fake().signedDelivery(event);
      const tampered = { ...good, body: good.body.replace('"9.99"', '"0.01"') };
      expect((await webhook(w.learner, tampered)).json()).toMatchObject({ error: 'webhook_invalid' });
      const otherSig = fake().signedDelivery(fake().event('PAYMENT.CAPTURE.COMPLETED', {}));
      const swapped = {
        body: good.body,
        headers: { ...good.headers, 'paypal-transmission-sig': otherSig.headers['paypal-transmission-sig']! },
      };
      expect((await webhook(w.learner, swapped)).statusCode).toBe(400);
      const unsigned = await w.learner.inject({ method: 'POST', url: '/api/premium/paypal/webhook', payload: event });
      expect(unsigned.json()).toMatchObject({ error: 'webhook_invalid' });
      const db = ctx().deps.db;
      const row = () =>
        db.selectFrom('premium_purchases').selectAll().where('id', '=', purchase.id).executeTakeFirstOrThrow();
      expect((await row()).status).toBe('pending');

      expect((await webhook(w.learner, good)).statusCode).toBe(200);
      const first = await row();
      expect(first.status).toBe('paid');
      // The same event again (PayPal retries), and as a fresh transmission: nothing more.
      expect((await webhook(w.learner, good)).statusCode).toBe(200);
      expect((await webhook(w.learner, fake().signedDelivery(event))).statusCode).toBe(200);
      const after = await row();
      expect(after.premium_until).toBe(first.premium_until);
      const invoices = await db
        .selectFrom('premium_invoices')
        .select('number')
        .where('purchase_id', '=', purchase.id)
        .execute();
      expect(invoices).toHaveLength(1);
      const events = await db
        .selectFrom('paypal_webhook_events')
        .selectAll()
        .where('event_id', '=', String(event.id))
        .execute();
      expect(events).toHaveLength(1);

      // A webhook of this order on another client's host finds nothing there and changes nothing.
      const other = await premiumWorld(ctx());
      expect((await webhook(other.learner, fake().signedDelivery(fake().completeCapture(orderId)))).statusCode).toBe(
        200,
      );
      expect((await other.learner.get('/api/premium/invoices')).json()).toMatchObject({ total: 0 });
    });

    // Issue 28 point 7f: the event id was recorded platform-wide before the host's client was checked, so the
    // event delivered first on another client's host was used up there and ignored on its own.
    it("an event delivered first on another client's host still acts on its own client's host", async () => {
      const w = await premiumWorld(ctx());
      const other = await premiumWorld(ctx());
      const purchase = (
        await w.learner.post('/api/premium/purchases', { plan: 'monthly', method: 'paypal', billingAddress: ADDRESS })
      ).json<{ id: string; approveUrl: string }>();
      const orderId = orderOf(purchase.approveUrl);
      fake().approve(orderId);
      const approved = fake().event('CHECKOUT.ORDER.APPROVED', { id: orderId, status: 'APPROVED' });
      expect((await webhook(other.learner, fake().signedDelivery(approved))).statusCode).toBe(200);
      const db = ctx().deps.db;
      const recorded = () =>
        db
          .selectFrom('paypal_webhook_events')
          .select('client_id')
          .where('event_id', '=', String(approved.id))
          .execute();
      expect(await recorded()).toEqual([]);
      expect((await webhook(w.learner, fake().signedDelivery(approved))).statusCode).toBe(200);
      expect((await w.learner.get(`/api/premium/purchases/${purchase.id}`)).json()).toMatchObject({ status: 'paid' });
      expect(await recorded()).toEqual([{ client_id: w.client.id }]);
      // The key is (client, event id): the same id noted for another client is another row.
      await db
        .insertInto('paypal_webhook_events')
        .values({
          client_id: other.client.id,
          event_id: String(approved.id),
          event_type: 'X',
          received_at: new Date().toISOString(),
        })
        .execute();
      expect(await recorded()).toHaveLength(2);
    });

    it('the webhook CHECKOUT.ORDER.APPROVED captures at once; a declined capture fails the purchase', async () => {
      const w = await premiumWorld(ctx());
      const purchase = (
        await w.learner.post('/api/premium/purchases', { plan: 'monthly', method: 'paypal', billingAddress: ADDRESS })
      ).json<{ id: string; approveUrl: string }>();
      const orderId = orderOf(purchase.approveUrl);
      fake().approve(orderId);
      const approved = fake().event('CHECKOUT.ORDER.APPROVED', { id: orderId, status: 'APPROVED' });
      expect((await webhook(w.learner, fake().signedDelivery(approved))).statusCode).toBe(200);
      expect((await w.learner.get(`/api/premium/purchases/${purchase.id}`)).json()).toMatchObject({ status: 'paid' });

      const w2 = await premiumWorld(ctx());
      const second = (
        await w2.learner.post('/api/premium/purchases', { plan: 'monthly', method: 'paypal', billingAddress: ADDRESS })
      ).json<{ id: string; approveUrl: string }>();
      const denied = fake().event('PAYMENT.CAPTURE.DENIED', {
        id: 'X',
        status: 'DECLINED',
        supplementary_data: { related_ids: { order_id: orderOf(second.approveUrl) } },
      });
      expect((await webhook(w2.learner, fake().signedDelivery(denied))).statusCode).toBe(200);
      expect((await w2.learner.get(`/api/premium/purchases/${second.id}`)).json()).toMatchObject({ status: 'failed' });
      // A failed purchase does not block the next one.
      const next = await w2.learner.post('/api/premium/purchases', {
        plan: 'monthly',
        method: 'paypal',
        billingAddress: ADDRESS,
      });
      expect(next.statusCode).toBe(200);
    });

    it('answers 502 paypal_unavailable when PayPal cannot be reached, and the purchase does not block', async () => {
      const w = await premiumWorld(ctx());
      const saved = overrides.paypalApiBase;
      ctx().deps.config.paypalApiBase = 'http://127.0.0.1:9';
      ctx().deps.config.paypalClientId = `${fake().clientId}-down`;
      try {
        const res = await w.learner.post('/api/premium/purchases', {
          plan: 'monthly',
          method: 'paypal',
          billingAddress: ADDRESS,
        });
        expect(res.statusCode).toBe(502);
        expect(res.json()).toMatchObject({ error: 'paypal_unavailable' });
      } finally {
        ctx().deps.config.paypalApiBase = saved!;
        ctx().deps.config.paypalClientId = fake().clientId;
      }
      expect((await w.learner.get('/api/premium/offer')).json()).toMatchObject({ status: { pendingPurchaseId: null } });
    });
  },
  overrides,
);
