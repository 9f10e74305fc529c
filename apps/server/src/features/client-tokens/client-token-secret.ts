import { CLIENT_TOKEN_PREFIX } from '@lms/contracts/client-tokens';
import { randomBytes } from 'node:crypto';

/** 256 random bits, base64url, behind a prefix that names what it is (DECISIONS "secret tokens"). */
export const newClientTokenSecret = (): string => `${CLIENT_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;

/** Whether a presented secret could be one of ours at all: anything else is refused without a query. */
export const isClientTokenShaped = (secret: string): boolean =>
  secret.startsWith(CLIENT_TOKEN_PREFIX) && /^[A-Za-z0-9_-]{43}$/.test(secret.slice(CLIENT_TOKEN_PREFIX.length));

/** Today's UTC day as `YYYY-MM-DD`. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** A token with an expiry day is valid through that UTC day. */
export const isExpired = (expiresOn: string | null, at: Date): boolean => expiresOn !== null && utcDay(at) > expiresOn;
