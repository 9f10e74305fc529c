import { CERTIFICATE_BACKGROUND_MAX_BYTES } from '@lms/contracts/certificates';
import type { AppDeps } from '../../../platform/deps';
import { readFromStorage, storageKey } from '../../../platform/storage';

// Where certificate templates keep their files: backgrounds under the template.

/** Every stored file of a template lives under this key, so deleting the template removes them at once. */
export const templateStorageKey = (clientId: string, templateId: string): string =>
  storageKey(clientId, 'certificate-templates', templateId);

/** A background of one locale, under a fresh name each time it is replaced. */
export const backgroundKey = (clientId: string, templateId: string, locale: string, fileId: string): string =>
  storageKey(clientId, 'certificate-templates', templateId, `${locale}-${fileId}.pdf`);

/** Issue 32 point 2: a signatory's image (a PNG), under a fresh name each time it is replaced. */
export const signatureKey = (clientId: string, templateId: string, slot: number, fileId: string): string =>
  storageKey(clientId, 'certificate-templates', templateId, `signature-${slot}-${fileId}.png`);

/** A stored background's bytes (pdf-lib needs the whole file); a file gone from storage counts as none. */
export const readBackground = (deps: AppDeps, key: string): Promise<Buffer | undefined> =>
  readFromStorage(deps.config, key, CERTIFICATE_BACKGROUND_MAX_BYTES);
