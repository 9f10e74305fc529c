import { randomBytes, randomFillSync, randomUUID } from 'node:crypto';

/** Random bytes drawn in blocks: one call into the system's generator serves 256 ids (issue 15, per-request cost). */
const POOL_SIZE = 16 * 256;
const pool = Buffer.alloc(POOL_SIZE);
let poolOffset = POOL_SIZE;
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

let lastMs = 0;
let sequence = 0;

/**
 * UUIDv7 (RFC 9562): time-ordered, so new rows append to indexes; safe to expose in URLs (62 random bits). Ids of one
 * process also rise within a millisecond (RFC 9562 section 6.2, method 1: a 12-bit counter in rand_a that starts at a
 * random value below 2048 each millisecond, and moves on to the next millisecond when it runs out), so a list sorted
 * by creation, with the id breaking ties, shows rows made in the same millisecond (an import's) in the order made.
 */
export function newId(): string {
  if (poolOffset === POOL_SIZE) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const b = pool.subarray(poolOffset, poolOffset + 16);
  poolOffset += 16;
  const now = Date.now();
  if (now > lastMs) {
    lastMs = now;
    sequence = ((b[6]! & 0x07) << 8) | b[7]!;
  } else if (++sequence > 0xfff) {
    lastMs++;
    sequence = 0;
  }
  // 48 bits of milliseconds, big-endian; plain numbers hold them exactly (no BigInt per id).
  const ms = lastMs;
  const high = Math.floor(ms / 0x1_0000_0000);
  const low = ms >>> 0;
  b[0] = (high >>> 8) & 0xff;
  b[1] = high & 0xff;
  b[2] = (low >>> 24) & 0xff;
  b[3] = (low >>> 16) & 0xff;
  b[4] = (low >>> 8) & 0xff;
  b[5] = low & 0xff;
  b[6] = 0x70 | (sequence >>> 8);
  b[7] = sequence & 0xff;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = (i: number) => HEX[b[i]!]!;
  return (
    h(0) +
    h(1) +
    h(2) +
    h(3) +
    '-' +
    h(4) +
    h(5) +
    '-' +
    h(6) +
    h(7) +
    '-' +
    h(8) +
    h(9) +
    '-' +
    h(10) +
    h(11) +
    h(12) +
    h(13) +
    h(14) +
    h(15)
  );
}

/**
 * A request's id (logs, the `x-request-id` header, an error's details): random, not time-ordered, because it never
 * lands in an index; node's randomUUID draws from its own pool and costs a fraction of a UUIDv7 (issue 15).
 */
export const newRequestId = (): string => randomUUID();

/** An opaque secret of 256 random bits, URL-safe. */
export const newSecretToken = (): string => randomBytes(32).toString('base64url');

export const nowIso = (): string => new Date().toISOString();

/**
 * A certificate's verification code (issue 30 point 2): 28 characters of Crockford's base32 from 18 random bytes,
 * 140 bits, so no one guesses a valid code. Written by hand: Node has no base32, and it is five bits at a time.
 */
export function newVerificationCode(alphabet: string, length: number): string {
  const bytes = randomBytes(Math.ceil((length * 5) / 8));
  let code = '';
  for (let i = 0; i < length; i++) {
    const bit = i * 5;
    const pair = (bytes[bit >> 3]! << 8) | (bytes[(bit >> 3) + 1] ?? 0);
    code += alphabet[(pair >> (11 - (bit & 7))) & 31];
  }
  return code;
}
