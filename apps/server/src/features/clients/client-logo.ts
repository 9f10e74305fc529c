import { audit, auditWhoOf } from '../../platform/audit/audit-actor';
import { readFile } from 'node:fs/promises';
import type { TClient } from '@lms/contracts/client-admin';
import { fileTypeFromBuffer } from 'file-type';
import type { AppDeps } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import type { Actor } from '../../platform/session';
import { removeFromStorage, storageKey, writeToStorage } from '../../platform/storage';
import { requireFilePart, withUpload, type ReadUpload } from '../../platform/uploads';
import { findClientRow, updateClientRow } from './client-admin.repository';
import { getClient } from './client-admin.service';
import { assertMayActOnClient } from './client-scope';
import { looksLikeSvg, sanitiseSvg } from './client-svg';

type LogoKind = 'png' | 'jpg' | 'svg' | 'webp';
const MIME: Record<LogoKind, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  svg: 'image/svg+xml',
  webp: 'image/webp',
};
const EXTENSIONS: Record<string, LogoKind> = { png: 'png', jpg: 'jpg', jpeg: 'jpg', svg: 'svg', webp: 'webp' };

const refuse = (details: Record<string, unknown>): never =>
  badRequest('logo_type_not_allowed', { field: 'file', expected: ['png', 'jpg', 'svg', 'webp'], ...details });

/**
 * Spec section 5 and DECISIONS "Clients": png, jpg, svg or webp, recognised by their bytes (file-type; an SVG is
 * text, so it is recognised by its start and then sanitised). The name's extension, where it names an image type,
 * must agree with the bytes: a `.png` that is really a PDF, or really a JPEG, is refused.
 */
export async function checkedLogo(bytes: Buffer, fileName: string): Promise<{ kind: LogoKind; bytes: Buffer }> {
  const detected = await fileTypeFromBuffer(bytes);
  let kind: LogoKind;
  let out = bytes;
  // file-type names an SVG with an XML declaration 'xml' (or 'svg'); text is judged by looksLikeSvg below.
  const binary = detected && detected.ext !== 'xml' && detected.ext !== 'svg' ? detected : undefined;
  if (binary) {
    const k = Object.hasOwn(EXTENSIONS, binary.ext) ? EXTENSIONS[binary.ext] : undefined;
    if (!k) return refuse({ detected: binary.ext });
    kind = k;
  } else if (looksLikeSvg(bytes)) {
    kind = 'svg';
    out = (await sanitiseSvg(bytes)) ?? refuse({ detected: 'svg' });
  } else {
    return refuse({ detected: detected?.ext ?? null });
  }
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  // The extension comes from the file name: own properties of the table only ("logo.constructor" names no kind).
  const named = extension && Object.hasOwn(EXTENSIONS, extension) ? EXTENSIONS[extension] : undefined;
  if (extension && named !== kind) refuse({ detected: kind, extension });
  return { kind, bytes: out };
}

/** POST /api/client/{id}/logo: a fresh key each time, the old file removed once the row names the new one. */
export async function uploadClientLogo(
  deps: AppDeps,
  actor: Actor,
  clientId: string,
  readUpload: ReadUpload<unknown>,
): Promise<TClient> {
  await assertMayActOnClient(deps.db, actor, 'clients.administer', clientId, 'write');
  const before = (await findClientRow(deps.db, clientId)) ?? notFound('client');
  await withUpload(readUpload, async (upload) => {
    const file = requireFilePart(upload, 'file');
    const logo = await checkedLogo(await readFile(file.path), file.fileName);
    const key = storageKey('clients', clientId, `logo-${newId()}.${logo.kind}`);
    await writeToStorage(deps.config, key, logo.bytes);
    try {
      await deps.db.transaction().execute(async (trx) => {
        await updateClientRow(trx, clientId, { logo_file: key, logo_mime: MIME[logo.kind], updated_at: nowIso() });
        await audit(trx, auditWhoOf(actor), clientId, 'client.changed', {
          object: { type: 'client', id: clientId },
          before: { logo: before.logo_file !== null },
          after: { logo: true },
        });
      });
    } catch (err) {
      await removeFromStorage(deps.config, key);
      throw err;
    }
  });
  if (before.logo_file) await removeFromStorage(deps.config, before.logo_file);
  return getClient(deps, actor, clientId);
}

export async function removeClientLogo(deps: AppDeps, actor: Actor, clientId: string): Promise<TClient> {
  await assertMayActOnClient(deps.db, actor, 'clients.administer', clientId, 'write');
  const before = (await findClientRow(deps.db, clientId)) ?? notFound('client');
  await deps.db.transaction().execute(async (trx) => {
    await updateClientRow(trx, clientId, { logo_file: null, logo_mime: null, updated_at: nowIso() });
    if (before.logo_file)
      await audit(trx, auditWhoOf(actor), clientId, 'client.changed', {
        object: { type: 'client', id: clientId },
        before: { logo: true },
        after: { logo: false },
      });
  });
  if (before.logo_file) await removeFromStorage(deps.config, before.logo_file);
  return getClient(deps, actor, clientId);
}

/** GET /api/client/{id}/logo: the logo of a client in reach, for the design tab's preview. */
export async function findClientLogoFor(
  deps: AppDeps,
  actor: Actor,
  clientId: string,
): Promise<{ key: string; mime: string }> {
  await assertMayActOnClient(deps.db, actor, 'clients.administer', clientId, 'read');
  const row = (await findClientRow(deps.db, clientId)) ?? notFound('client');
  if (!row.logo_file || !row.logo_mime) return notFound('logo');
  return { key: row.logo_file, mime: row.logo_mime };
}
