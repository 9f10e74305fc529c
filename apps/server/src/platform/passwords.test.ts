import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hash } from '@node-rs/argon2';
import { hashPassword, verifyPassword } from './passwords';

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
