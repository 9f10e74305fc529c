import type { Config } from '../../config';

// PayPal's REST API (Orders v2 and the webhook verification of Notifications v1), spoken with fetch. The base URL
// is PAYPAL_API_BASE, so tests and the browser journey run this very code against test/fake-paypal.ts.

export class PaypalError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly issue?: string,
  ) {
    super(message);
  }
}

export interface PaypalCapture {
  id: string;
  status: string;
}

export interface PaypalOrder {
  id: string;
  status: string;
  approveUrl: string | null;
  captures: PaypalCapture[];
}

interface RawOrder {
  id: string;
  status: string;
  links?: Array<{ href: string; rel: string }>;
  purchase_units?: Array<{ payments?: { captures?: PaypalCapture[] } }>;
}

export interface WebhookHeaders {
  transmissionId: string;
  transmissionTime: string;
  transmissionSig: string;
  certUrl: string;
  authAlgo: string;
}

const TIMEOUT_MS = 10_000;

/** PayPal's API hosts, live and sandbox: where its webhook signing certificates are served from. */
const PAYPAL_API_HOSTS = new Set([
  'api.paypal.com',
  'api-m.paypal.com',
  'api.sandbox.paypal.com',
  'api-m.sandbox.paypal.com',
]);

/**
 * Issue 28 point 7: PayPal's verify call fetches the certificate at the webhook's PAYPAL-CERT-URL, so anyone could
 * make each call of ours to PayPal carry a URL of their choosing (and make us call out at all for a forged event).
 * Only a certificate on PayPal's API hosts over https is passed on; the configured PAYPAL_API_BASE's own origin is
 * accepted too (it is PayPal by configuration: the fake PayPal of the tests and the browser journey).
 */
export function isPaypalCertUrl(certUrl: string, apiBase: string): boolean {
  let url: URL;
  try {
    url = new URL(certUrl);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:' && url.port === '' && PAYPAL_API_HOSTS.has(url.hostname)) return true;
  return url.origin === new URL(apiBase).origin;
}

const toOrder = (raw: RawOrder): PaypalOrder => ({
  id: raw.id,
  status: raw.status,
  // Orders v2 names the approval link 'payer-action' when payment_source.paypal is given, 'approve' otherwise.
  approveUrl: raw.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve')?.href ?? null,
  captures: (raw.purchase_units ?? []).flatMap((u) => u.payments?.captures ?? []),
});

export class PaypalClient {
  private token: { value: string; expiresAt: number } | undefined;

  constructor(
    private readonly base: string,
    private readonly clientId: string,
    private readonly clientSecret: string,
    readonly webhookId: string | undefined,
  ) {}

  /** OAuth2 client credentials; the token is kept until a minute before it expires. */
  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now() + 60_000) return this.token.value;
    const res = await fetch(`${this.base}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) throw new PaypalError('PayPal refused the client credentials', res.status);
    const body = (await res.json()) as { access_token: string; expires_in: number };
    this.token = { value: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 };
    return body.access_token;
  }

  private async call<T>(method: string, path: string, body?: unknown, requestId?: string): Promise<T> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${await this.accessToken()}`,
      accept: 'application/json',
      prefer: 'return=representation',
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    // PayPal-Request-Id makes a repeated create or capture answer the first result instead of acting twice.
    if (requestId) headers['paypal-request-id'] = requestId;
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await res.text();
    const json = (text ? JSON.parse(text) : {}) as T & { name?: string; details?: Array<{ issue?: string }> };
    if (!res.ok) throw new PaypalError(`PayPal ${method} ${path}: ${res.status}`, res.status, json.details?.[0]?.issue);
    return json;
  }

  async createOrder(input: {
    requestId: string;
    referenceId: string;
    invoiceId: string;
    currency: string;
    grossCents: number;
    description: string;
    returnUrl: string;
    cancelUrl: string;
    locale: string;
  }): Promise<PaypalOrder> {
    const raw = await this.call<RawOrder>(
      'POST',
      '/v2/checkout/orders',
      {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: input.referenceId,
            custom_id: input.referenceId,
            description: input.description.slice(0, 127),
            amount: { currency_code: input.currency, value: (input.grossCents / 100).toFixed(2) },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              user_action: 'PAY_NOW',
              shipping_preference: 'NO_SHIPPING',
              locale: input.locale,
              return_url: input.returnUrl,
              cancel_url: input.cancelUrl,
            },
          },
        },
      },
      input.requestId,
    );
    return toOrder(raw);
  }

  async getOrder(orderId: string): Promise<PaypalOrder> {
    return toOrder(await this.call<RawOrder>('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`));
  }

  async captureOrder(orderId: string, requestId: string): Promise<PaypalOrder> {
    const path = `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`;
    return toOrder(await this.call<RawOrder>('POST', path, {}, requestId));
  }

  /**
   * PayPal's documented verify-webhook-signature call (Notifications v1): PayPal checks the transmission's
   * signature against the event as received and the webhook id configured here.
   */
  async verifyWebhook(headers: WebhookHeaders, event: unknown): Promise<boolean> {
    if (!this.webhookId || !isPaypalCertUrl(headers.certUrl, this.base)) return false;
    const answer = await this.call<{ verification_status?: string }>(
      'POST',
      '/v1/notifications/verify-webhook-signature',
      {
        auth_algo: headers.authAlgo,
        cert_url: headers.certUrl,
        transmission_id: headers.transmissionId,
        transmission_sig: headers.transmissionSig,
        transmission_time: headers.transmissionTime,
        webhook_id: this.webhookId,
        webhook_event: event,
      },
    );
    return answer.verification_status === 'SUCCESS';
  }
}

const clients = new Map<string, PaypalClient>();

/** One client (and token) per configuration; undefined when the credentials are not configured. */
export function paypalOf(config: Config): PaypalClient | undefined {
  if (!config.paypalClientId || !config.paypalClientSecret) return undefined;
  const key = `${config.paypalApiBase}|${config.paypalClientId}|${config.paypalWebhookId ?? ''}`;
  let client = clients.get(key);
  if (!client) {
    client = new PaypalClient(
      config.paypalApiBase,
      config.paypalClientId,
      config.paypalClientSecret,
      config.paypalWebhookId,
    );
    clients.set(key, client);
  }
  return client;
}
