import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hash } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';
import { checkPasswordHash } from './password-hash-bounds';
import { bcryptWorkersStarted, hashPassword, verifyCounts, verifyPassword } from './passwords';

describe('password hashing', () => {
  it('lets a file read in after one hash, not behind every queued sign-in', async () => {
    const stored = await hashPassword('Queue-Passw0rd!');
    let verified = 0;
    const signIns = Array.from({ length: 30 }, () =>
      verifyPassword(stored, 'Queue-Passw0rd!').then((r) => {
        verified++;
        return r.ok;
      }),
    );
    await readFile(fileURLToPath(import.meta.url));
    // Unlimited, the read waited in libuv's queue behind 27 of the 30 hashes (passwords.ts, HASHES_AT_ONCE).
    expect(verified).toBeLessThan(10);
    expect(await Promise.all(signIns)).toEqual(Array.from({ length: 30 }, () => true));
  });

  it('answers a wrong password and an unknown account alike, and asks to rehash a weaker hash', async () => {
    const stored = await hashPassword('Right-Passw0rd!');
    expect(await verifyPassword(stored, 'Wrong-Passw0rd!')).toEqual({ ok: false, needsRehash: false });
    expect(await verifyPassword(null, 'Wrong-Passw0rd!')).toEqual({ ok: false, needsRehash: false });
    expect(await verifyPassword(stored, 'Right-Passw0rd!')).toEqual({ ok: true, needsRehash: false });
    const weaker = await hash('Right-Passw0rd!', { algorithm: 2, memoryCost: 4096, timeCost: 3, parallelism: 1 });
    expect(await verifyPassword(weaker, 'Right-Passw0rd!')).toEqual({ ok: true, needsRehash: true });
  });
});

describe('hash bounds at verify (issue 28 point 3)', () => {
  const salt = 'c29tZXNhbHRzb21lc2FsdA';
  const tag = 'Hk7q9cSxrVd5W3E2V+7u0nYy4cXyWkzM1fN2T8o8m5k';

  it('never verifies a stored hash out of bounds or of an unknown kind, and says why', async () => {
    const refused: string[] = [];
    for (const stored of [
      `$argon2id$v=19$m=262144,t=40,p=1$${salt}$${tag}`,
      `$2b$14$${'a'.repeat(53)}`,
      `$5$rounds=5000$salt$${'b'.repeat(43)}`,
      'plain text that was never hashed',
    ]) {
      const before = verifyCounts();
      expect(await verifyPassword(stored, 'Any-Passw0rd!', (p) => refused.push(p))).toEqual({
        ok: false,
        needsRehash: false,
      });
      const after = verifyCounts();
      // The stored hash was not verified; the same cost was paid on the dummy hash, as for an unknown account.
      expect(after.stored - before.stored).toBe(0);
      expect(after.refused - before.refused).toBe(1);
      expect(after.dummy - before.dummy).toBe(1);
    }
    expect(refused).toEqual(['out_of_bounds', 'out_of_bounds', 'unknown_format', 'unknown_format']);
  });

  it('verifies bcrypt on a worker thread, not on the main thread', async () => {
    const stored = bcrypt.hashSync('Bcrypt-Passw0rd!', 10);
    const before = bcryptWorkersStarted();
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const results = await Promise.all([
      verifyPassword(stored, 'Bcrypt-Passw0rd!'),
      verifyPassword(stored, 'Wrong-Passw0rd!'),
    ]);
    clearInterval(timer);
    expect(results).toEqual([
      { ok: true, needsRehash: true },
      { ok: false, needsRehash: false },
    ]);
    expect(bcryptWorkersStarted()).toBeGreaterThan(before);
    // The event loop went on turning while both hashes ran (each takes tens of milliseconds at cost 10).
    expect(ticks).toBeGreaterThan(0);
  });
});

describe('checkPasswordHash', () => {
  const salt = 'c29tZXNhbHRzb21lc2FsdA';
  const tag = 'Hk7q9cSxrVd5W3E2V+7u0nYy4cXyWkzM1fN2T8o8m5k';
  const argon = (params: string, kind = 'argon2id') => `$${kind}$v=19$${params}$${salt}$${tag}`;
  const bcryptOf = (cost: string) => `$2b$${cost}$${'a'.repeat(53)}`;

  it('accepts bcrypt cost 4 to 12 and argon2 up to m=65536, t=10, p=4, in every variant', () => {
    for (const h of [
      bcryptOf('04'),
      bcryptOf('12'),
      argon('m=65536,t=10,p=4'),
      argon('m=19456,t=2,p=1', 'argon2i'),
      argon('m=19456,t=2,p=1', 'argon2d'),
      `$argon2id$m=19456,t=2,p=1$${salt}$${tag}`,
    ])
      expect(checkPasswordHash(h), h).toMatchObject({ ok: true });
  });

  it('refuses each parameter one step past its bound, and what it cannot read', () => {
    for (const h of [
      bcryptOf('03'),
      bcryptOf('13'),
      argon('m=65537,t=2,p=1'),
      argon('m=19456,t=11,p=1'),
      argon('m=19456,t=2,p=5'),
    ])
      expect(checkPasswordHash(h), h).toEqual({ ok: false, problem: 'out_of_bounds' });
    for (const h of [
      '',
      '$2b$10$short',
      `$argon2id$v=19$m=19456,t=2,p=1$${salt}`,
      `$argon2id$v=19$m=x,t=2,p=1$${salt}$${tag}`,
      `$argon2id$v=19$m=19456,t=2,p=1$${salt}$${tag}${'A'.repeat(300)}`,
      `$scrypt$ln=16,r=8,p=1$${salt}$${tag}`,
    ])
      expect(checkPasswordHash(h), h).toEqual({ ok: false, problem: 'unknown_format' });
  });
});
