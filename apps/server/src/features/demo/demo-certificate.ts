import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { DbOrTrx } from '../../db/database';
import { newId } from '../../platform/ids';
import { storageKey, writeToStorage, type StorageConfig } from '../../platform/storage';
import { defaultCertificateContent } from '../templates';

// Issue 32 point 2: the demo's certificate looks like one a company hands out: the classic design in landscape, the
// client's logo and colours, two signatories, one with a signature image. The image is drawn for the demo
// (assets/demo-signature.svg, a hand-made pen stroke, rendered once to assets/demo-signature.png with sharp); stored
// as an uploaded signature is (certificate-design.ts): a PNG under the template's storage folder.

export const DEMO_SIGNATURE_FILE = path.resolve(import.meta.dirname, 'assets/demo-signature.png');

const LOCALES = ['de-DE', 'en-US', 'fr-FR'] as const;

/** Writes the signature into storage (before the row that names it) and answers the template's id and key. */
export async function writeDemoSignature(storage: StorageConfig, clientId: string) {
  const templateId = newId();
  const key = storageKey(clientId, 'certificate-templates', templateId, `signature-1-${newId()}.png`);
  await writeToStorage(storage, key, await readFile(DEMO_SIGNATURE_FILE));
  return { templateId, signatureKey: key };
}

/** The template, inside the seed's transaction; the demo course names it. */
export async function insertDemoCertificateTemplate(
  trx: DbOrTrx,
  clientId: string,
  ids: { templateId: string; signatureKey: string },
  now: string,
): Promise<void> {
  await trx
    .insertInto('certificate_templates')
    .values({
      id: ids.templateId,
      client_id: clientId,
      name: 'Teilnahmezertifikat',
      name_normalized: 'teilnahmezertifikat',
      design: 'classic',
      orientation: 'landscape',
      signatories: JSON.stringify([
        { name: 'Dr. Anna Schäfer', role: 'Geschäftsführerin · Managing Director', imageKey: ids.signatureKey },
        { name: 'Markus Weber', role: 'Leitung Personalentwicklung', imageKey: null },
      ]),
      created_at: now,
      updated_at: now,
    })
    .execute();
  await trx
    .insertInto('certificate_template_locales')
    .values(
      LOCALES.map((locale) => ({
        template_id: ids.templateId,
        client_id: clientId,
        locale,
        ...defaultCertificateContent(locale),
        background_key: null,
        background_file_name: null,
        background_size: null,
        updated_at: now,
      })),
    )
    .execute();
}
