import type { Db } from '../db/database';
import { AppError } from './errors';
import { allowCall, DbRateLimitStore, type RateLimit } from './rate-limit';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Issue 28 point 7: the limits of calls that send a mail, call out or add rows, beside the login's (30 a minute per
 * IP, auth/login-throttle.ts). Public calls count per client IP, signed-in calls per user. All are counted in the
 * database (platform/rate-limit.ts), so they hold across processes; past a limit the call answers 429 `rate_limited`.
 */
export const REQUEST_LIMITS = Object.freeze({
  /** Per IP: each makes a row (cleaned up daily, features/account/access-cleanup.job.ts). */
  entraNonce: { bucket: 'entra-nonce', max: 30, windowMs: MINUTE },
  /** Per IP: each checks an ID token, whose keys may be fetched from Entra. */
  entraLogin: { bucket: 'entra-login', max: 30, windowMs: MINUTE },
  /** Per IP: the public certificate check (issue 30 point 2); with 140-bit codes, it keeps guessing pointless. */
  certificateVerification: { bucket: 'certificate-verification', max: 30, windowMs: MINUTE },
  /** Per IP: each calls PayPal. PayPal sends a few events per purchase, retried later after a 429. */
  paypalWebhook: { bucket: 'paypal-webhook', max: 120, windowMs: MINUTE },
  /** Per user: each mails a contact person. */
  appointmentRequest: { bucket: 'appointment-request', max: 10, windowMs: HOUR },
  /** Per user: each stores a message in someone's inbox. */
  privateMessage: { bucket: 'private-message', max: 30, windowMs: MINUTE },
  /** Per user: each mails the support address. */
  dataChangeRequest: { bucket: 'data-change-request', max: 10, windowMs: HOUR },
  /** Per user: each connects to an SMTP server the admin names (and waits for its greeting). */
  smtpTest: { bucket: 'smtp-test', max: 20, windowMs: HOUR },
  /** Per user: each creates a purchase and, by PayPal, an order there. */
  premiumPurchase: { bucket: 'premium-purchase', max: 10, windowMs: HOUR },
} satisfies Record<string, RateLimit>);

/** A limit to enforce: `await limit(subject)` records the call and throws 429 `rate_limited` past the limit. */
export function requestLimit(db: Db, limit: RateLimit): (subject: string) => Promise<void> {
  const store = new DbRateLimitStore(db);
  return async (subject) => {
    if (!(await allowCall(store, limit, subject))) throw new AppError(429, 'rate_limited');
  };
}
