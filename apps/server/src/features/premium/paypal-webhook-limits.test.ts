import { expect, it, onTestFinished, vi } from 'vitest';
import { useFakePaypal } from '../../../test/fake-paypal';
import { caller, describeEachDialect } from '../../../test/test-app';
import { REQUEST_LIMITS } from '../../platform/request-limits';
import { ADDRESS, premiumWorld } from './test-premium';
import { isPaypalCertUrl } from './paypal-client';

// Issue 28 point 7: the webhook calls PayPal only for a certificate on PayPal's hosts, and is limited per IP.

const { fake, overrides } = useFakePaypal();

const VERIFY = 'POST /v1/notifications/verify-webhook-signature';

it("accepts a certificate URL only on PayPal's API hosts over https, or on the configured API base", () => {
  const base = 'http://127.0.0.1:4555';
  for (const ok of [
    'https://api.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-1d93a270',
    'https://api-m.paypal.com/v1/notifications/certs/CERT-1',
    'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-1',
    'https://api-m.sandbox.paypal.com/v1/notifications/certs/CERT-1',
    `${base}/v1/notifications/certs/CERT-fake`,
  ])
    expect(isPaypalCertUrl(ok, base), ok).toBe(true);
  for (const bad of [
    'http://api.paypal.com/v1/notifications/certs/CERT-1',
    'https://api.paypal.com:8443/v1/notifications/certs/CERT-1',
    'https://api.paypal.com.attacker.example/cert',
    'https://attacker.example/api.paypal.com/cert',
    'https://user@api.paypal.com/cert',
    'https://www.paypal.com/cert',
    'http://127.0.0.1:4556/cert',
    'file:///etc/passwd',
    'not a url',
    '',
  ])
    expect(isPaypalCertUrl(bad, base), bad).toBe(false);
});

describeEachDialect(
  'PayPal webhook guards',
  (ctx) => {
    it('answers 400 without calling PayPal for a certificate URL elsewhere', async () => {
      const w = await premiumWorld(ctx());
      // A signed event of no known order: verified, acknowledged and ignored when its certificate is PayPal's.
      const good = fake().signedDelivery(fake().event('PAYMENT.CAPTURE.COMPLETED', {}));
      const calls = fake().calls.length;
      for (const certUrl of ['https://attacker.example/cert.pem', 'http://169.254.169.254/latest/meta-data/']) {
        const res = await w.learner.inject({
          method: 'POST',
          url: '/api/premium/paypal/webhook',
          headers: { ...good.headers, 'paypal-cert-url': certUrl },
          payload: good.body,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ error: 'webhook_invalid' });
      }
      expect(fake().calls.slice(calls)).toEqual([]);
      // The same delivery with PayPal's certificate URL is verified (one call) and accepted.
      const res = await w.learner.inject({
        method: 'POST',
        url: '/api/premium/paypal/webhook',
        headers: good.headers,
        payload: good.body,
      });
      expect(res.statusCode).toBe(200);
      expect(fake().calls.slice(calls)).toContain(VERIFY);
    });

    it('limits one IP to 120 webhook calls a minute', async () => {
      const w = await premiumWorld(ctx());
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-25T10:00:05Z'));
      onTestFinished(() => void vi.useRealTimers());
      const max = REQUEST_LIMITS.paypalWebhook.max;
      const statuses: number[] = [];
      for (let i = 0; i <= max; i++) {
        const res = await caller(ctx().app, w.client.host).inject({
          method: 'POST',
          url: '/api/premium/paypal/webhook',
          payload: { id: `WH-${i}`, event_type: 'PAYMENT.CAPTURE.COMPLETED' },
          remoteAddress: '203.0.113.80',
        });
        statuses.push(res.statusCode);
      }
      expect(max).toBe(120);
      expect(statuses.slice(0, max).every((s) => s === 400)).toBe(true);
      expect(statuses[max]).toBe(429);
    });

    it('limits one user to 10 purchases an hour', async () => {
      const w = await premiumWorld(ctx());
      const max = REQUEST_LIMITS.premiumPurchase.max;
      const statuses: number[] = [];
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-25T10:00:05Z'));
      onTestFinished(() => void vi.useRealTimers());
      for (let i = 0; i <= max; i++) {
        // The first stays pending, so the next ones are refused (409): every call counts all the same.
        const res = await w.learner.post('/api/premium/purchases', {
          plan: 'monthly',
          method: 'paypal',
          billingAddress: ADDRESS,
        });
        statuses.push(res.statusCode);
      }
      expect(max).toBe(10);
      expect(statuses[0]).toBe(200);
      expect(statuses.slice(1, max).every((s) => s === 409)).toBe(true);
      expect(statuses[max]).toBe(429);
    });
  },
  overrides,
);
