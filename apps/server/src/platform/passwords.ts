import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import pLimit from 'p-limit';
import { BcryptWorkers } from './bcrypt-workers';
import { checkPasswordHash, type HashProblem } from './password-hash-bounds';

// ARCHITECTURE section 2: OWASP argon2id parameters (the package default of 4 MiB is too weak).
const ARGON2 = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * Argon2 runs on libuv's thread pool (UV_THREADPOOL_SIZE, 4 by default), which file reads, DNS and zlib share, and
 * the pool serves its queue in order. Unlimited, a wave of sign-ins fills that queue: behind 100 queued sign-ins one
 * read of a small file took 670-710 ms (2 cores, 2026-11-28), and every SCORM file, PDF and asset the process serves
 * from disk waited as long. With no more hashes handed to the pool than it has threads (the rest wait in p-limit's
 * queue on the main thread), a read waits for one hash at most: 30-40 ms. Sign-ins per second stayed the same (SQLite,
 * 100,000 users: 129 and 127/s against 125 and 126/s); three at once cost a tenth of them.
 * bcrypt (imported hashes) runs on worker threads (bcrypt-workers.ts) under the same limit, never on the main thread.
 */
const HASHES_AT_ONCE = Number(process.env.UV_THREADPOOL_SIZE) || 4;
const hashesAtOnce = pLimit(HASHES_AT_ONCE);
const bcryptWorkers = new BcryptWorkers();

export const hashPassword = (password: string): Promise<string> => hashesAtOnce(() => argonHash(password, ARGON2));

export interface VerifyResult {
  ok: boolean;
  /** The stored hash is of an older kind or weaker parameters: store a fresh argon2id hash. */
  needsRehash: boolean;
}

/** What the verifies did since the start of the process: tests read it to prove which hash was (not) verified. */
const counts = { stored: 0, dummy: 0, refused: 0 };
export const verifyCounts = (): Readonly<typeof counts> => ({ ...counts });

const FAILED: VerifyResult = Object.freeze({ ok: false, needsRehash: false });
const dummyVerify = (password: string) => {
  counts.dummy++;
  return hashesAtOnce(() => argonVerify(DUMMY_HASH, password)).catch(() => false);
};

/**
 * Checks a password against a stored hash, off the main thread and under the hashing limit. No stored hash, or one
 * that checkPasswordHash refuses (an unknown kind, or a cost out of HASH_BOUNDS: issue 28 point 3), fails as a
 * wrong password does and costs the same (a verify of DUMMY_HASH); the refused hash itself is never verified and
 * `onRefused` hears why (the caller logs it; the hash is never logged).
 */
export async function verifyPassword(
  stored: string | null,
  password: string,
  onRefused?: (problem: HashProblem) => void,
): Promise<VerifyResult> {
  if (!stored) {
    await dummyVerify(password); // same cost whether or not the account exists
    return FAILED;
  }
  const check = checkPasswordHash(stored);
  if (!check.ok) {
    counts.refused++;
    onRefused?.(check.problem);
    await dummyVerify(password);
    return FAILED;
  }
  counts.stored++;
  if (check.algorithm === 'bcrypt') {
    const ok = await hashesAtOnce(() => bcryptWorkers.compare(password, stored));
    return { ok, needsRehash: ok };
  }
  const ok = await hashesAtOnce(() => argonVerify(stored, password)).catch(() => false);
  return {
    ok,
    needsRehash: ok && !stored.startsWith(`$argon2id$v=19$m=${ARGON2.memoryCost},t=${ARGON2.timeCost},p=1$`),
  };
}

/** bcrypt worker threads started so far (for tests: a bcrypt verify ran on one). */
export const bcryptWorkersStarted = (): number => bcryptWorkers.started;

const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$Hk7q9cSxrVd5W3E2V+7u0nYy4cXyWkzM1fN2T8o8m5k';
