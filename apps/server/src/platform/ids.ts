import { randomBytes, randomFillSync } from 'node:crypto';

/** UUIDv7 (RFC 9562): time-ordered, so new rows append to indexes; safe to expose in URLs. */
export function newId(): string {
  const bytes = new Uint8Array(16);
  randomFillSync(bytes);
  const ms = BigInt(Date.now());
  for (let i = 0; i < 6; i++) bytes[i] = Number((ms >> BigInt(8 * (5 - i))) & 0xffn);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Buffer.from(bytes).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** An opaque secret of 256 random bits, URL-safe. */
export const newSecretToken = (): string => randomBytes(32).toString('base64url');

export const nowIso = (): string => new Date().toISOString();
