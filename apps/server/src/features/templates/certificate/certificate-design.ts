import { readFile } from 'node:fs/promises';
import type { TCertificateDesignBody, TCertificateTemplate } from '@lms/contracts/certificates';
import { audit, auditWhoOf } from '../../../platform/audit/audit-actor';
import type { AppDeps } from '../../../platform/deps';
import { badRequest, notFound } from '../../../platform/errors';
import { newId, nowIso } from '../../../platform/ids';
import type { Actor } from '../../../platform/session';
import { removeFromStorage, writeToStorage } from '../../../platform/storage';
import { requireFilePart, withUpload, type ReadUpload } from '../../../platform/uploads';
import { normaliseSignature, UnreadableSignatureError } from './certificate-images';
import { findCertificateTemplate, setCertificateLook } from './certificate-template.repository';
import { loadCertificateTemplate } from './certificate-template.service';
import { lookOf, type StoredSignatory } from './certificate-signatories';
import { signatureKey } from './certificate-template-storage';

// Issue 32 point 2: `POST /certificate-template/{id}/design` (design, orientation, signatories' names and roles) and
// `POST|DELETE /certificate-template/{id}/signature/{slot}` (a signature image: PNG or JPEG, bounded, stored as PNG).

const summary = (list: StoredSignatory[]) => list.map((s) => ({ name: s.name, role: s.role, image: !!s.imageKey }));

export async function saveCertificateDesign(
  deps: AppDeps,
  actor: Actor,
  id: string,
  body: TCertificateDesignBody,
): Promise<TCertificateTemplate> {
  const { clientId } = actor;
  await deps.db.transaction().execute(async (trx) => {
    const row = (await findCertificateTemplate(trx, clientId, id)) ?? notFound('certificate_template');
    const before = lookOf(row);
    const signatories = before.signatories.map((s, i) => ({
      ...s,
      name: body.signatories[i]?.name ?? '',
      role: body.signatories[i]?.role ?? '',
    }));
    await setCertificateLook(trx, clientId, id, {
      design: body.design,
      orientation: body.orientation,
      signatories: JSON.stringify(signatories),
      updated_at: nowIso(),
    });
    await audit(trx, auditWhoOf(actor), clientId, 'template.changed', {
      object: { type: 'certificate_template', id },
      before: { design: before.design, orientation: before.orientation, signatories: summary(before.signatories) },
      after: { design: body.design, orientation: body.orientation, signatories: summary(signatories) },
      detail: { op: 'design' },
    });
  });
  return loadCertificateTemplate(deps.db, clientId, id);
}

/** Replaces one slot's image (slot 1 or 2) in a transaction; answers the key it replaced. */
async function setSignatureImage(
  deps: AppDeps,
  actor: Actor,
  id: string,
  slot: number,
  key: string | null,
): Promise<string | null> {
  const { clientId } = actor;
  return deps.db.transaction().execute(async (trx) => {
    const row = (await findCertificateTemplate(trx, clientId, id)) ?? notFound('certificate_template');
    const { signatories } = lookOf(row);
    const old = signatories[slot - 1]?.imageKey ?? null;
    const next = signatories.map((s, i) => (i === slot - 1 ? { ...s, imageKey: key } : s));
    await setCertificateLook(trx, clientId, id, { signatories: JSON.stringify(next), updated_at: nowIso() });
    await audit(trx, auditWhoOf(actor), clientId, 'template.changed', {
      object: { type: 'certificate_template', id },
      before: { slot, signature: old !== null },
      after: { slot, signature: key !== null },
      detail: { op: key ? 'signature-upload' : 'signature-remove' },
    });
    return old;
  });
}

export async function uploadSignature(
  deps: AppDeps,
  actor: Actor,
  id: string,
  slot: number,
  readUpload: ReadUpload<unknown>,
): Promise<TCertificateTemplate> {
  const { clientId } = actor;
  if (!(await findCertificateTemplate(deps.db, clientId, id))) notFound('certificate_template');
  let replaced: string | null = null;
  await withUpload(readUpload, async (upload) => {
    const file = requireFilePart(upload, 'file');
    let png: Buffer;
    try {
      png = await normaliseSignature(await readFile(file.path));
    } catch (err) {
      if (err instanceof UnreadableSignatureError)
        badRequest('certificate_signature_unreadable', { field: 'file', expected: ['png', 'jpg'] });
      throw err;
    }
    // A fresh key each time: a certificate being made from the old image keeps reading it until it is done.
    const key = signatureKey(clientId, id, slot, newId());
    await writeToStorage(deps.config, key, png);
    try {
      replaced = await setSignatureImage(deps, actor, id, slot, key);
    } catch (err) {
      await removeFromStorage(deps.config, key);
      throw err;
    }
  });
  if (replaced) await removeFromStorage(deps.config, replaced);
  return loadCertificateTemplate(deps.db, clientId, id);
}

export async function removeSignature(
  deps: AppDeps,
  actor: Actor,
  id: string,
  slot: number,
): Promise<TCertificateTemplate> {
  const old = await setSignatureImage(deps, actor, id, slot, null);
  if (old) await removeFromStorage(deps.config, old);
  return loadCertificateTemplate(deps.db, actor.clientId, id);
}
