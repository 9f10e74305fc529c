import { openSecret, sealSecret } from '../../platform/secret-box';

/**
 * SMTP passwords are stored encrypted with a key derived from APP_SECRET (DECISIONS "SMTP"), by the platform's
 * secret box (AES-256-GCM); the purpose names the key, so passwords stored before keep opening.
 */
const PURPOSE = 'smtp-password-v1';

export const encryptSmtpPassword = (appSecret: string, password: string): string =>
  sealSecret(appSecret, PURPOSE, password);

export const decryptSmtpPassword = (appSecret: string, stored: string): string =>
  openSecret(appSecret, PURPOSE, stored);
