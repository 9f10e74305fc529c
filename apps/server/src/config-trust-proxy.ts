import ipaddr from 'ipaddr.js';

/** What Fastify's `trustProxy` takes: off, a hop count, or the proxies' addresses and CIDR ranges (proxy-addr). */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for whole ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 32;

/**
 * TRUST_PROXY (issue 28 point 4): `0` is off (the client IP is the socket's); a comma-separated list of addresses,
 * CIDR ranges or proxy-addr's names trusts exactly those proxies (the safe form); a number n trusts the n hops
 * nearest the server whoever they are, so the IP is the n-th address from the right of X-Forwarded-For (nginx's
 * `$proxy_add_x_forwarded_for` appends what it saw) - only safe when nothing but the proxy reaches the port.
 * Never "trust all": with Fastify's `true` the IP is the left-most entry, which the client writes itself, so every
 * request could name a fresh IP and no per-IP limit held. Answers the setting, or a message naming what is wrong.
 */
export function parseTrustProxy(raw: string): { ok: true; value: TrustProxy } | { ok: false; message: string } {
  const v = raw.trim();
  if (v === '' || v === '0') return { ok: true, value: false };
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops <= MAX_HOPS
      ? { ok: true, value: hops }
      : { ok: false, message: `a hop count from 0 to ${MAX_HOPS}, got ${v}` };
  }
  const entries = v.split(',').map((s) => s.trim());
  const wrong = entries.filter((e) => !RANGE_NAMES.has(e) && !isAddressOrCidr(e));
  if (wrong.length === 0) return { ok: true, value: entries };
  return {
    ok: false,
    message:
      `0 (off), a hop count (1 = one proxy in front), or the proxies' addresses/CIDR ranges, comma-separated ` +
      `(e.g. 10.0.0.5,10.0.1.0/24); not understood: ${wrong.map((w) => JSON.stringify(w)).join(', ')}`,
  };
}

function isAddressOrCidr(entry: string): boolean {
  if (entry.includes('/')) {
    try {
      ipaddr.parseCIDR(entry);
      return true;
    } catch {
      return false;
    }
  }
  return ipaddr.isValid(entry);
}

/**
 * The setting as Fastify's `trustProxy` option. Fastify 5.12 refuses a plain number (it "fails closed" and trusts
 * nothing), so a hop count becomes the function proxy-addr calls for each hop from the socket inwards.
 */
export function trustProxyOption(tp: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof tp !== 'number') return tp;
  return (_address, hop) => hop < tp;
}
