import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read again later (an SMTP password, a mail's one-time link until it is delivered) are
 * stored encrypted with a key derived from APP_SECRET: AES-256-GCM, one HKDF key per purpose, a fresh 96-bit IV per
 * value, the tag checked on read so a changed value fails instead of decrypting to garbage. `context` (e.g. the
 * row's id) is bound as additional data: a sealed value copied to another row does not open there.
 */
const derive = (appSecret: string, purpose: string) => Buffer.from(hkdfSync('sha256', appSecret, 'lms', purpose, 32));

/**
 * The last key derived per purpose: an import seals 10,000 mails with one key, and deriving it each time was most of
 * the sealing (issue 15). It is kept with the APP_SECRET it came from, so another secret (a test's) derives anew.
 */
const lastKeys = new Map<string, { appSecret: string; key: Buffer }>();

function keyFrom(appSecret: string, purpose: string): Buffer {
  const last = lastKeys.get(purpose);
  if (last?.appSecret === appSecret) return last.key;
  const key = derive(appSecret, purpose);
  lastKeys.set(purpose, { appSecret, key });
  return key;
}

export function sealSecret(appSecret: string, purpose: string, plain: string, context?: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(appSecret, purpose), iv);
  if (context !== undefined) cipher.setAAD(Buffer.from(context, 'utf8'));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join('.');
}

/** Throws when the value was not sealed for this purpose and context with this APP_SECRET. */
export function openSecret(appSecret: string, purpose: string, sealed: string, context?: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('unknown sealed secret format');
  const decipher = createDecipheriv('aes-256-gcm', keyFrom(appSecret, purpose), Buffer.from(iv, 'base64'));
  if (context !== undefined) decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
}
