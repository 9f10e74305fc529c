import { audit, auditWhoOf } from '../../../platform/audit/audit-actor';
import type { TCertificateTemplate } from '@lms/contracts/certificates';
import type { TLocale } from '@lms/contracts/constants';
import type { AppDeps } from '../../../platform/deps';
import { badRequest, notFound } from '../../../platform/errors';
import { newId, nowIso } from '../../../platform/ids';
import type { Actor } from '../../../platform/session';
import { moveIntoStorage, removeFromStorage } from '../../../platform/storage';
import { requireFilePart, withUpload, type ReadUpload } from '../../../platform/uploads';
import { assertUsableBackground, UnreadablePdfError } from './certificate-pdf';
import {
  findCertificateTemplate,
  findCertificateTemplateLocales,
  setCertificateBackground,
  touchCertificateTemplate,
} from './certificate-template.repository';
import { loadCertificateTemplate } from './certificate-template.service';
import { backgroundKey, readBackground } from './certificate-template-storage';

// `POST /certificate-template/{id}/file/{locale}` (spec section 7): one PDF background per locale, judged by its
// bytes (a PDF that pdf-lib reads, with a page), at most CERTIFICATE_BACKGROUND_MAX_BYTES.

export async function uploadBackground(
  deps: AppDeps,
  actor: Actor,
  id: string,
  locale: TLocale,
  readUpload: ReadUpload<unknown>,
): Promise<TCertificateTemplate> {
  const { clientId } = actor;
  if (!(await findCertificateTemplate(deps.db, clientId, id))) notFound('certificate_template');
  const before = (await findCertificateTemplateLocales(deps.db, clientId, [id])).find((l) => l.locale === locale);
  await withUpload(readUpload, async (upload) => {
    const file = requireFilePart(upload, 'file');
    if (file.type !== 'pdf') badRequest('unknown_file_type', { field: 'file', expected: ['pdf'] });
    // A fresh key each time: a certificate being made from the old background keeps reading it until it is done.
    const key = backgroundKey(clientId, id, locale, newId());
    await moveIntoStorage(deps.config, file.path, key);
    try {
      await assertUsableBackground((await readBackground(deps, key)) ?? new Uint8Array());
      const now = nowIso();
      await deps.db.transaction().execute(async (trx) => {
        const stored = await setCertificateBackground(
          trx,
          clientId,
          id,
          locale,
          { key, name: file.fileName || 'background.pdf', size: file.size },
          now,
        );
        if (!stored) notFound('certificate_template');
        await touchCertificateTemplate(trx, clientId, id, { updated_at: now });
        await audit(trx, auditWhoOf(actor), clientId, 'template.changed', {
          object: { type: 'certificate_template', id },
          before: { locale, background: before?.background_file_name ?? null },
          after: { locale, background: file.fileName || 'background.pdf' },
          detail: { op: 'background-upload' },
        });
      });
    } catch (err) {
      await removeFromStorage(deps.config, key);
      if (err instanceof UnreadablePdfError) badRequest('certificate_background_unreadable', { field: 'file' });
      throw err;
    }
  });
  if (before?.background_key) await removeFromStorage(deps.config, before.background_key);
  return loadCertificateTemplate(deps.db, clientId, id);
}

/** The locale goes back to a plain A4 page. */
export async function removeBackground(
  deps: AppDeps,
  actor: Actor,
  id: string,
  locale: TLocale,
): Promise<TCertificateTemplate> {
  const { clientId } = actor;
  if (!(await findCertificateTemplate(deps.db, clientId, id))) notFound('certificate_template');
  const before = (await findCertificateTemplateLocales(deps.db, clientId, [id])).find((l) => l.locale === locale);
  if (before?.background_key) {
    const now = nowIso();
    await deps.db.transaction().execute(async (trx) => {
      await setCertificateBackground(trx, clientId, id, locale, null, now);
      await touchCertificateTemplate(trx, clientId, id, { updated_at: now });
      await audit(trx, auditWhoOf(actor), clientId, 'template.changed', {
        object: { type: 'certificate_template', id },
        before: { locale, background: before.background_file_name ?? null },
        after: { locale, background: null },
        detail: { op: 'background-remove' },
      });
    });
    await removeFromStorage(deps.config, before.background_key);
  }
  return loadCertificateTemplate(deps.db, clientId, id);
}
