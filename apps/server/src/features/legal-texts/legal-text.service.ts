import { audit, auditWhoOf } from '../../platform/audit/audit-actor';
import { can } from '@lms/contracts/permissions';
import type {
  TClientLegalTexts,
  TLegalTextKind,
  TLegalTextSetting,
  TSaveLegalTextBody,
} from '@lms/contracts/legal-texts';
import { fileTypeFromFile } from 'file-type';
import type { Readable } from 'node:stream';
import type { AppDeps } from '../../platform/deps';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import type { Actor } from '../../platform/session';
import { moveIntoStorage, openFromStorage, removeFromStorage, storageKey } from '../../platform/storage';
import { requireFilePart, withUpload, type ReadUpload } from '../../platform/uploads';
import { findRootClientId, assertMayActOnClient } from '../clients';
import { findLegalPdf, findLegalPdfs, findLegalText, updateLegalText, upsertLegalPdf } from './legal-text.repository';
import { findLegalTextSource } from './legal-text.resolve';

const CAPABILITY = 'clients.administer' as const;
const CONCRETE = new Set(['URL', 'MARKDOWN', 'CUSTOM']);

/**
 * Writing is clients.administer on the client, and the root client's texts are what CSX shows on every client
 * that chose it: those are platform texts (PERMISSIONS.md), so only platform.texts (SUPERADMIN) writes them.
 */
async function assertMayWrite(deps: AppDeps, actor: Actor, clientId: string): Promise<void> {
  await assertMayActOnClient(deps.db, actor, CAPABILITY, clientId, 'write');
  if (!can(actor.role, 'platform.texts') && (await findRootClientId(deps.db)) === clientId) forbidden();
}

function settingOf(
  row: { type: string | null; value: string | null },
  pdf: { file_name: string; size: number; uploaded_at: string } | undefined,
): TLegalTextSetting {
  return {
    type: row.type as TLegalTextSetting['type'],
    value: row.type && CONCRETE.has(row.type) ? row.value : null,
    pdf: pdf ? { fileName: pdf.file_name, size: Number(pdf.size), uploadedAt: pdf.uploaded_at } : null,
  };
}

export async function getClientLegalTexts(deps: AppDeps, actor: Actor, clientId: string): Promise<TClientLegalTexts> {
  await assertMayActOnClient(deps.db, actor, CAPABILITY, clientId, 'read');
  const [imprint, privacy, pdfs, root] = await Promise.all([
    findLegalText(deps.db, clientId, 'imprint'),
    findLegalText(deps.db, clientId, 'privacy-policy'),
    findLegalPdfs(deps.db, clientId),
    findRootClientId(deps.db),
  ]);
  if (!imprint || !privacy) return notFound('client');
  const pdfOf = (kind: TLegalTextKind) => pdfs.find((p) => p.kind === kind);
  return {
    clientId,
    isRoot: root === clientId,
    hasReseller: imprint.resellerClientId !== null,
    imprint: settingOf(imprint, pdfOf('imprint')),
    privacyPolicy: settingOf(privacy, pdfOf('privacy-policy')),
  };
}

export async function saveClientLegalText(
  deps: AppDeps,
  actor: Actor,
  clientId: string,
  kind: TLegalTextKind,
  body: TSaveLegalTextBody,
): Promise<TClientLegalTexts> {
  await assertMayWrite(deps, actor, clientId);
  const text = body.value?.trim() ? body.value : null;
  if (body.type === 'URL') {
    const url = text?.trim() ?? '';
    if (!url) badRequest('legal_text_value_required', { field: 'value' });
    if (!isHttpsUrl(url)) badRequest('legal_text_url_not_https', { field: 'value' });
  }
  if ((body.type === 'MARKDOWN' || body.type === 'CUSTOM') && !text)
    badRequest('legal_text_value_required', { field: 'value' });
  if (body.type === 'UPLOAD' && !(await findLegalPdf(deps.db, clientId, kind)))
    badRequest('legal_text_no_pdf', { field: 'type' });
  const value = body.type && CONCRETE.has(body.type) ? (body.type === 'URL' ? text?.trim() : text) : null;
  await deps.db.transaction().execute(async (trx) => {
    const before = await findLegalText(trx, clientId, kind);
    await updateLegalText(trx, clientId, kind, body.type, value ?? null, nowIso());
    await audit(trx, auditWhoOf(actor), clientId, 'legal-text.changed', {
      object: { type: 'legal-text', id: kind },
      before: { type: before?.type ?? null, value: before?.value ?? null },
      after: { type: body.type, value: value ?? null },
    });
  });
  return getClientLegalTexts(deps, actor, clientId);
}

function isHttpsUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.hostname.length > 0 && !/\s/.test(text);
  } catch {
    return false;
  }
}

const pdfKey = (clientId: string, kind: TLegalTextKind) => storageKey(clientId, 'legal', `${kind}-${newId()}.pdf`);

/**
 * Stores the PDF and makes UPLOAD the kind's type. The bytes decide (file-type reads the magic bytes and the
 * structure), never the name or the declared type. The old file goes after the new row is in place.
 */
export async function uploadClientLegalPdf(
  deps: AppDeps,
  actor: Actor,
  clientId: string,
  kind: TLegalTextKind,
  readUpload: ReadUpload<unknown>,
): Promise<TClientLegalTexts> {
  await assertMayWrite(deps, actor, clientId);
  const before = await findLegalPdf(deps.db, clientId, kind);
  await withUpload(readUpload, async (upload) => {
    const file = requireFilePart(upload, 'file');
    const sniffed = await fileTypeFromFile(file.path);
    if (sniffed?.mime !== 'application/pdf') badRequest('legal_text_not_pdf', { field: 'file' });
    const key = pdfKey(clientId, kind);
    await moveIntoStorage(deps.config, file.path, key);
    try {
      const now = nowIso();
      await deps.db.transaction().execute(async (trx) => {
        const fileName = file.fileName.toLowerCase().endsWith('.pdf') ? file.fileName : `${kind}.pdf`;
        await upsertLegalPdf(trx, {
          client_id: clientId,
          kind,
          storage_key: key,
          file_name: fileName,
          size: file.size,
          uploaded_at: now,
        });
        const was = await findLegalText(trx, clientId, kind);
        await updateLegalText(trx, clientId, kind, 'UPLOAD', null, now);
        await audit(trx, auditWhoOf(actor), clientId, 'legal-text.changed', {
          object: { type: 'legal-text', id: kind },
          before: { type: was?.type ?? null, value: was?.value ?? null },
          after: { type: 'UPLOAD', file: fileName, size: file.size },
        });
      });
    } catch (err) {
      await removeFromStorage(deps.config, key);
      throw err;
    }
  });
  if (before) await removeFromStorage(deps.config, before.storage_key);
  return getClientLegalTexts(deps, actor, clientId);
}

export interface LegalPdfFile {
  stream: Readable;
  size: number;
  fileName: string;
}

async function openPdf(deps: AppDeps, clientId: string, kind: TLegalTextKind): Promise<LegalPdfFile | undefined> {
  const row = await findLegalPdf(deps.db, clientId, kind);
  const file = row && (await openFromStorage(deps.config, row.storage_key));
  return row && file ? { ...file, fileName: row.file_name } : undefined;
}

/** The editor's view of the client's own uploaded PDF, whatever type is chosen now. */
export async function openClientLegalPdf(
  deps: AppDeps,
  actor: Actor,
  clientId: string,
  kind: TLegalTextKind,
): Promise<LegalPdfFile> {
  await assertMayActOnClient(deps.db, actor, CAPABILITY, clientId, 'read');
  return (await openPdf(deps, clientId, kind)) ?? notFound('legal_pdf');
}

/** The PDF a public page shows: the one the host's client's chain resolves to (possibly the reseller's or root's). */
export async function openPublicLegalPdf(deps: AppDeps, clientId: string, kind: TLegalTextKind): Promise<LegalPdfFile> {
  const source = await findLegalTextSource(deps.db, clientId, kind);
  if (source?.type !== 'UPLOAD') return notFound('legal_pdf');
  return (await openPdf(deps, source.row.clientId, kind)) ?? notFound('legal_pdf');
}
