import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * SMTP passwords are stored encrypted with a key derived from APP_SECRET (DECISIONS "SMTP"): AES-256-GCM, a fresh
 * 96-bit IV per value, the tag checked on read so a changed value fails instead of decrypting to garbage.
 */
const keyFrom = (appSecret: string) => Buffer.from(hkdfSync('sha256', appSecret, 'lms', 'smtp-password-v1', 32));

export function encryptSmtpPassword(appSecret: string, password: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(appSecret), iv);
  const data = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join('.');
}

export function decryptSmtpPassword(appSecret: string, stored: string): string {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('unknown SMTP password format');
  const decipher = createDecipheriv('aes-256-gcm', keyFrom(appSecret), Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
}
