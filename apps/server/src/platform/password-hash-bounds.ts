import { parseOptions } from '@node-rs/argon2';

/**
 * The costs a stored password hash may ask for (issue 28 point 3). A hash names its own cost, and a verify pays it:
 * one imported `$argon2id$v=19$m=262144,t=40,p=1$...` took seconds of every hashing thread per sign-in try, and
 * eight anonymous tries stalled every tenant's sign-in for minutes. Bcrypt's cost 12 and argon2 at m=64 MiB, t=10,
 * p=4 lie well above what anyone stores (OWASP: bcrypt 10, argon2id m=19 MiB, t=2, p=1) and still verify in well
 * under a second on one core.
 */
export const HASH_BOUNDS = Object.freeze({
  bcryptCostMin: 4,
  bcryptCostMax: 12,
  argon2MemoryKiBMax: 65_536,
  argon2TimeMax: 10,
  argon2ParallelismMax: 4,
  /** Longer than any hash of these kinds with a sane salt and output. */
  lengthMax: 256,
});

export type HashProblem = 'unknown_format' | 'out_of_bounds';
export type HashCheck = { ok: true; algorithm: 'bcrypt' | 'argon2' } | { ok: false; problem: HashProblem };

// bcrypt's modular-crypt form: $2a$/$2b$/$2y$, a two-digit cost, 22 characters of salt and 31 of hash.
const BCRYPT = /^\$2[aby]\$(\d{2})\$[./A-Za-z0-9]{53}$/;
const ARGON2 = /^\$argon2(?:id|i|d)\$/;
// Argon2d, Argon2i, Argon2id (the package's const enum, which isolated modules cannot import).
const ARGON2_ALGORITHMS = new Set<number>([0, 1, 2]);

/**
 * Whether a stored or imported hash may be verified: bcrypt or argon2 (PHC string, read by @node-rs/argon2's own
 * parser), within HASH_BOUNDS. The one check for the import (a row with another answer is refused) and for every
 * verify (a hash out of bounds is never verified).
 */
export function checkPasswordHash(hash: string): HashCheck {
  if (hash.length > HASH_BOUNDS.lengthMax) return { ok: false, problem: 'unknown_format' };
  const bcrypt = BCRYPT.exec(hash);
  if (bcrypt) {
    const cost = Number(bcrypt[1]);
    return cost >= HASH_BOUNDS.bcryptCostMin && cost <= HASH_BOUNDS.bcryptCostMax
      ? { ok: true, algorithm: 'bcrypt' }
      : { ok: false, problem: 'out_of_bounds' };
  }
  if (!ARGON2.test(hash)) return { ok: false, problem: 'unknown_format' };
  let options: ReturnType<typeof parseOptions>;
  try {
    options = parseOptions(hash);
  } catch {
    return { ok: false, problem: 'unknown_format' };
  }
  if (!ARGON2_ALGORITHMS.has(options.algorithm)) return { ok: false, problem: 'unknown_format' };
  const within =
    options.memoryCost <= HASH_BOUNDS.argon2MemoryKiBMax &&
    options.timeCost >= 1 &&
    options.timeCost <= HASH_BOUNDS.argon2TimeMax &&
    options.parallelism >= 1 &&
    options.parallelism <= HASH_BOUNDS.argon2ParallelismMax;
  return within ? { ok: true, algorithm: 'argon2' } : { ok: false, problem: 'out_of_bounds' };
}

/**
 * Whether an import cell is meant as a hash rather than a plaintext password: the modular-crypt form (`$id$...`,
 * bcrypt, argon2, sha512-crypt, scrypt, yescrypt), LDAP's `{SCHEME}...`, and Django's `algorithm$...`. Such a cell
 * is kept only when checkPasswordHash accepts it; anything else would become somebody's plaintext password that
 * nobody knows.
 */
export function looksLikePasswordHash(cell: string): boolean {
  return (
    /^\$[a-z0-9-]{1,32}\$/.test(cell) ||
    /^\{[A-Z0-9-]{2,16}\}\S/.test(cell) ||
    /^(?:pbkdf2_sha1|pbkdf2_sha256|argon2|bcrypt|bcrypt_sha256|scrypt|sha1|md5|unsalted_md5|unsalted_sha1|crypt)\$/.test(
      cell,
    )
  );
}
