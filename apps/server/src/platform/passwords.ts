import { hash, verify } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';

// ARCHITECTURE section 2: OWASP argon2id parameters (the package default of 4 MiB is too weak).
const ARGON2 = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2);

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
