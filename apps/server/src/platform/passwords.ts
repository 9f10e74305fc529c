import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';
import pLimit from 'p-limit';

// ARCHITECTURE section 2: OWASP argon2id parameters (the package default of 4 MiB is too weak).
const ARGON2 = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * Argon2 runs on libuv's thread pool (UV_THREADPOOL_SIZE, 4 by default), which file reads, DNS and zlib share, and
 * the pool serves its queue in order. Unlimited, a wave of sign-ins fills that queue: behind 100 queued sign-ins one
 * read of a small file took 670-710 ms (2 cores, 2026-11-28), and every SCORM file, PDF and asset the process serves
 * from disk waited as long. With no more hashes handed to the pool than it has threads (the rest wait in p-limit's
 * queue on the main thread), a read waits for one hash at most: 30-40 ms. Sign-ins per second stayed the same (SQLite,
 * 100,000 users: 129 and 127/s against 125 and 126/s); three at once cost a tenth of them.
 */
const HASHES_AT_ONCE = Number(process.env.UV_THREADPOOL_SIZE) || 4;
const hashesAtOnce = pLimit(HASHES_AT_ONCE);
const verify = (stored: string, password: string) => hashesAtOnce(() => argonVerify(stored, password));

export const hashPassword = (password: string): Promise<string> => hashesAtOnce(() => argonHash(password, ARGON2));

export interface VerifyResult {
  ok: boolean;
  /** The stored hash is of an older kind or weaker parameters: store a fresh argon2id hash. */
  needsRehash: boolean;
}

export async function verifyPassword(stored: string | null, password: string): Promise<VerifyResult> {
  if (!stored) {
    await verify(DUMMY_HASH, password).catch(() => false); // same cost whether or not the account exists
    return { ok: false, needsRehash: false };
  }
  if (stored.startsWith('$2')) {
    const ok = await bcrypt.compare(password, stored);
    return { ok, needsRehash: ok };
  }
  const ok = await verify(stored, password).catch(() => false);
  return {
    ok,
    needsRehash: ok && !stored.startsWith(`$argon2id$v=19$m=${ARGON2.memoryCost},t=${ARGON2.timeCost},p=1$`),
  };
}

const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$Hk7q9cSxrVd5W3E2V+7u0nYy4cXyWkzM1fN2T8o8m5k';
