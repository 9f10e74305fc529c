import { createHash, generateKeyPairSync, randomBytes, randomUUID, sign, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../src/config';

/**
 * A small PayPal for the tests (issue 14 point 5): an HTTP server on 127.0.0.1 that speaks the documented REST calls
 * the platform makes, so the real client (features/premium/paypal-client.ts) runs unchanged against it:
 * - POST /v1/oauth2/token (client credentials, HTTP Basic) -> { access_token, token_type, expires_in }
 * - POST /v2/checkout/orders -> 200 order, status PAYER_ACTION_REQUIRED, link rel "payer-action"
 * - GET /v2/checkout/orders/{id}; POST /v2/checkout/orders/{id}/capture (422 ORDER_NOT_APPROVED before approval,
 *   422 ORDER_ALREADY_CAPTURED after; PayPal-Request-Id repeats answer the first result)
 * - GET /checkoutnow?token={id}: the payer's approval page (a button; then back to the order's return_url)
 * - POST /v1/notifications/verify-webhook-signature -> { verification_status: SUCCESS | FAILURE }
 * Webhook events are signed as PayPal documents it: RSA-SHA256 over
 * `<transmission id>|<transmission time>|<webhook id>|<CRC32 of the body>`, with the key of the certificate at
 * PAYPAL-CERT-URL; the verify call checks exactly that.
 */

export interface FakeOrder {
  id: string;
  status: 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  intent: string;
  purchase_units: Array<Record<string, unknown> & { amount: { currency_code: string; value: string } }>;
  returnUrl: string;
  cancelUrl: string;
  captures: Array<{ id: string; status: string; amount: { currency_code: string; value: string } }>;
  create_time: string;
}

export interface WebhookDelivery {
  headers: Record<string, string>;
  body: string;
  event: Record<string, unknown>;
}

export class FakePaypal {
  readonly clientId = `fake-client-${randomBytes(4).toString('hex')}`;
  readonly clientSecret = randomBytes(16).toString('hex');
  readonly webhookId = `WH${randomBytes(8).toString('hex').toUpperCase()}`;
  readonly orders = new Map<string, FakeOrder>();
  /** The status a capture gets: PENDING models a payment PayPal still checks (the webhook completes it later). */
  captureStatus: 'COMPLETED' | 'PENDING' = 'COMPLETED';
  /** Calls received, "METHOD /path", for assertions. */
  readonly calls: string[] = [];
  private readonly tokens = new Set<string>();
  private readonly byRequestId = new Map<string, { status: number; body: unknown }>();
  private readonly keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  private server: Server | undefined;
  base = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) =>
        send(res, 500, { name: 'INTERNAL_SERVER_ERROR', message: String(err) }),
      );
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The environment the platform needs to use this PayPal. */
  env(): Record<string, string> {
    return {
      PAYPAL_API_BASE: this.base,
      PAYPAL_CLIENT_ID: this.clientId,
      PAYPAL_CLIENT_SECRET: this.clientSecret,
      PAYPAL_WEBHOOK_ID: this.webhookId,
    };
  }

  /** What the payer does on the approval page. */
  approve(orderId: string): FakeOrder {
    const order = this.orders.get(orderId);
    if (!order) throw new Error(`no order ${orderId}`);
    if (order.status === 'PAYER_ACTION_REQUIRED' || order.status === 'CREATED') order.status = 'APPROVED';
    return order;
  }

  /** PayPal finishes checking a pending capture; answers the PAYMENT.CAPTURE.COMPLETED event it then sends. */
  completeCapture(orderId: string): Record<string, unknown> {
    const order = this.orders.get(orderId);
    const capture = order?.captures[0];
    if (!order || !capture) throw new Error(`order ${orderId} has no capture`);
    capture.status = 'COMPLETED';
    return this.event('PAYMENT.CAPTURE.COMPLETED', {
      ...capture,
      final_capture: true,
      supplementary_data: { related_ids: { order_id: order.id } },
    });
  }

  event(eventType: string, resource: Record<string, unknown>): Record<string, unknown> {
    return {
      id: `WH-${randomUUID()}`,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: eventType.startsWith('CHECKOUT') ? 'checkout-order' : 'capture',
      resource_version: '2.0',
      event_type: eventType,
      summary: eventType,
      resource,
    };
  }

  /** A delivery as PayPal makes it: the body and its PAYPAL-* headers, signed. */
  signedDelivery(event: Record<string, unknown>): WebhookDelivery {
    const body = JSON.stringify(event);
    const transmissionId = randomUUID();
    const transmissionTime = new Date().toISOString();
    const message = `${transmissionId}|${transmissionTime}|${this.webhookId}|${crc32(body)}`;
    const signature = sign('sha256', Buffer.from(message), this.keys.privateKey).toString('base64');
    return {
      body,
      event,
      headers: {
        'content-type': 'application/json',
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-time': transmissionTime,
        'paypal-transmission-sig': signature,
        'paypal-cert-url': `${this.base}/v1/notifications/certs/CERT-fake`,
        'paypal-auth-algo': 'SHA256withRSA',
      },
    };
  }

  /** Delivers an event to a webhook URL over HTTP (the browser journey's server), with the client's Host. */
  async deliver(url: string, delivery: WebhookDelivery, host?: string): Promise<number> {
    const res = await fetch(url, {
      method: 'POST',
      headers: { ...delivery.headers, ...(host ? { host } : {}) },
      body: delivery.body,
    });
    return res.status;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.base);
    const body = await readBody(req);
    this.calls.push(`${req.method} ${url.pathname}`);
    if (req.method === 'POST' && url.pathname === '/v1/oauth2/token') return this.token(req, body, res);
    if (req.method === 'GET' && url.pathname === '/checkoutnow') return this.approvalPage(url, res);
    if (req.method === 'POST' && url.pathname === '/checkoutnow/approve') return this.approvalDone(url, res);
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith('Bearer ') || !this.tokens.has(auth.slice(7)))
      return send(res, 401, { error: 'invalid_token', error_description: 'Token signature verification failed' });
    if (req.method === 'POST' && url.pathname === '/v1/notifications/verify-webhook-signature')
      return send(res, 200, {
        verification_status: this.verifies(JSON.parse(body || '{}') as Record<string, unknown>) ? 'SUCCESS' : 'FAILURE',
      });
    const requestId = req.headers['paypal-request-id'];
    const key = typeof requestId === 'string' ? `${url.pathname}|${requestId}` : undefined;
    const repeated = key ? this.byRequestId.get(key) : undefined;
    if (repeated) return send(res, repeated.status, repeated.body);
    const answer = this.orderCall(req.method ?? 'GET', url.pathname, body);
    if (key && answer.status < 300) this.byRequestId.set(key, answer);
    return send(res, answer.status, answer.body);
  }

  private token(req: IncomingMessage, body: string, res: ServerResponse) {
    const expected = `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64')}`;
    if (req.headers.authorization !== expected || !body.includes('grant_type=client_credentials'))
      return send(res, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
    const token = `A21AA${randomBytes(24).toString('hex')}`;
    this.tokens.add(token);
    return send(res, 200, {
      scope: 'https://uri.paypal.com/services/payments/payment',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-FAKE',
      expires_in: 32400,
      nonce: randomUUID(),
    });
  }

  private orderCall(method: string, path: string, body: string): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v2/checkout/orders') {
      const input = JSON.parse(body) as {
        intent: string;
        purchase_units: FakeOrder['purchase_units'];
        payment_source?: { paypal?: { experience_context?: { return_url?: string; cancel_url?: string } } };
      };
      const unit = input.purchase_units?.[0];
      if (input.intent !== 'CAPTURE' || !unit?.amount?.value || !/^\d+(\.\d{2})?$/.test(unit.amount.value))
        return unprocessable('INVALID_PARAMETER_VALUE', 400);
      const context = input.payment_source?.paypal?.experience_context ?? {};
      const order: FakeOrder = {
        id: randomBytes(9).toString('hex').toUpperCase().slice(0, 17),
        status: 'PAYER_ACTION_REQUIRED',
        intent: input.intent,
        purchase_units: input.purchase_units,
        returnUrl: context.return_url ?? '',
        cancelUrl: context.cancel_url ?? '',
        captures: [],
        create_time: new Date().toISOString(),
      };
      this.orders.set(order.id, order);
      return { status: 200, body: this.present(order) };
    }
    const match = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    const order = match ? this.orders.get(decodeURIComponent(match[1]!)) : undefined;
    if (!match || !order) return unprocessable('INVALID_RESOURCE_ID', 404, 'RESOURCE_NOT_FOUND');
    if (method === 'GET' && !match[2]) return { status: 200, body: this.present(order) };
    if (method === 'POST' && match[2]) {
      if (order.status === 'COMPLETED') return unprocessable('ORDER_ALREADY_CAPTURED');
      if (order.status !== 'APPROVED') return unprocessable('ORDER_NOT_APPROVED');
      order.status = 'COMPLETED';
      order.captures.push({
        id: randomBytes(9).toString('hex').toUpperCase().slice(0, 17),
        status: this.captureStatus,
        amount: order.purchase_units[0]!.amount,
      });
      return { status: 201, body: this.present(order) };
    }
    return unprocessable('METHOD_NOT_SUPPORTED', 405, 'METHOD_NOT_SUPPORTED');
  }

  private present(order: FakeOrder) {
    return {
      id: order.id,
      intent: order.intent,
      status: order.status,
      create_time: order.create_time,
      purchase_units: order.purchase_units.map((u) => ({
        ...u,
        ...(order.captures.length ? { payments: { captures: order.captures } } : {}),
      })),
      links: [
        { href: `${this.base}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
        ...(order.status === 'PAYER_ACTION_REQUIRED'
          ? [{ href: `${this.base}/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' }]
          : []),
      ],
    };
  }

  private approvalPage(url: URL, res: ServerResponse) {
    const order = this.orders.get(url.searchParams.get('token') ?? '');
    if (!order) return send(res, 404, { name: 'RESOURCE_NOT_FOUND' });
    const amount = order.purchase_units[0]!.amount;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><title>PayPal (test)</title></head><body><main>
<h1>Pay with PayPal (test)</h1><p>Amount: ${amount.value} ${amount.currency_code}</p>
<form method="post" action="/checkoutnow/approve?token=${order.id}"><button type="submit">Approve payment</button></form>
<p><a href="${escapeHtml(order.cancelUrl)}">Cancel</a></p></main></body></html>`);
  }

  private approvalDone(url: URL, res: ServerResponse) {
    const order = this.approve(url.searchParams.get('token') ?? '');
    const back = new URL(order.returnUrl);
    back.searchParams.set('token', order.id);
    back.searchParams.set('PayerID', 'FAKEPAYER1');
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  private verifies(input: Record<string, unknown>): boolean {
    const event = input.webhook_event;
    if (input.webhook_id !== this.webhookId || typeof event !== 'object' || event === null) return false;
    if (input.auth_algo !== 'SHA256withRSA') return false;
    // PayPal checks the event it is given; the body's CRC is over its JSON as the platform received it.
    const message = `${String(input.transmission_id)}|${String(input.transmission_time)}|${this.webhookId}|${crc32(JSON.stringify(event))}`;
    try {
      return verify(
        'sha256',
        Buffer.from(message),
        this.keys.publicKey,
        Buffer.from(String(input.transmission_sig), 'base64'),
      );
    } catch {
      return false;
    }
  }
}

export const startFakePaypal = (): Promise<FakePaypal> => new FakePaypal().start();

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, {
    'content-type': 'application/json',
    'paypal-debug-id': createHash('sha1').update(String(Date.now())).digest('hex').slice(0, 13),
  });
  res.end(JSON.stringify(body));
}

function unprocessable(issue: string, status = 422, name = 'UNPROCESSABLE_ENTITY') {
  return { status, body: { name, message: issue, debug_id: 'fake', details: [{ issue, description: issue }] } };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A fake PayPal for the whole file: started before its tests and stopped after the last. `overrides` (filled once it
 * runs) are the config settings that point the app at it; `fake()` answers it inside the tests.
 */
export function useFakePaypal(): { fake: () => FakePaypal; overrides: Partial<Config> } {
  let fake: FakePaypal | undefined;
  const overrides: Partial<Config> = {};
  beforeAll(async () => {
    fake = await startFakePaypal();
    Object.assign(overrides, {
      paypalApiBase: fake.base,
      paypalClientId: fake.clientId,
      paypalClientSecret: fake.clientSecret,
      paypalWebhookId: fake.webhookId,
    });
  });
  afterAll(() => fake?.stop());
  return {
    fake: () => {
      if (!fake) throw new Error('the fake PayPal runs only inside the tests of the file that asked for it');
      return fake;
    },
    overrides,
  };
}
