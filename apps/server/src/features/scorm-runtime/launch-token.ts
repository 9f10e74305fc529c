import { createHmac, timingSafeEqual } from 'node:crypto';

// The launch token is the only credential on the content origin (ARCHITECTURE section 6): it names one client, user,
// module and attempt (a learner's training attempt or a content master's preview attempt), the package to serve, the
// app's host for frame-ancestors, and an expiry. It is HMAC-SHA256 signed with a key derived from APP_SECRET, so the
// content origin checks it without a database read (package files are many small requests).

export type LaunchClaims = {
  /** client id */
  c: string;
  /** user id */
  u: string;
  /** course id and module id */
  co: string;
  m: string;
  /** package id (last segment of the module's package key), so files come from the package that was launched */
  p: string;
  /** attempt id (scorm_attempts.id) */
  a: string;
  /** 'training' or 'preview' */
  k: 'training' | 'preview';
  /** training id, null for a preview */
  t: string | null;
  /** the client's platform domain: frame-ancestors allows only the app on it */
  d: string;
  /** expiry, seconds since the epoch */
  e: number;
};

// Derived once per secret: every package file and runtime call checks a token (issue 15, per-request cost).
const signingKeys = new Map<string, Buffer>();
const signingKey = (appSecret: string) => {
  let key = signingKeys.get(appSecret);
  if (!key) {
    key = createHmac('sha256', appSecret).update('lms:launch-token:v1').digest();
    signingKeys.set(appSecret, key);
  }
  return key;
};

const sign = (appSecret: string, body: string) =>
  createHmac('sha256', signingKey(appSecret)).update(body).digest('base64url');

export function signLaunchToken(appSecret: string, claims: LaunchClaims): string {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${body}.${sign(appSecret, body)}`;
}

export type TokenCheck =
  | { ok: true; claims: LaunchClaims }
  | { ok: false; reason: 'invalid' }
  /** Expired tokens still say whose app may frame the page that tells the learner so. */
  | { ok: false; reason: 'expired'; claims: LaunchClaims };

const isString = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 300;

export function verifyLaunchToken(appSecret: string, token: string, nowMs = Date.now()): TokenCheck {
  const [body, mac, extra] = token.split('.');
  if (!body || !mac || extra !== undefined || token.length > 2_000) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(sign(appSecret, body));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' };
  let claims: LaunchClaims;
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as LaunchClaims;
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const wellFormed =
    [claims.c, claims.u, claims.co, claims.m, claims.p, claims.a, claims.d].every(isString) &&
    (claims.k === 'training' || claims.k === 'preview') &&
    (claims.t === null || isString(claims.t)) &&
    Number.isInteger(claims.e);
  if (!wellFormed) return { ok: false, reason: 'invalid' };
  if (claims.e * 1000 <= nowMs) return { ok: false, reason: 'expired', claims };
  return { ok: true, claims };
}
