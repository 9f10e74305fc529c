import { audit, auditWhoOf } from '../../../platform/audit/audit-actor';
import type { TLocale } from '@lms/contracts/constants';
import type { TMailTemplate, TMailTemplateKind } from '@lms/contracts/mail-templates';
import type { AppDeps } from '../../../platform/deps';
import { badRequest, notFound } from '../../../platform/errors';
import { nowIso } from '../../../platform/ids';
import type { Actor } from '../../../platform/session';
import { findMailTemplate, setMailTemplateFile, touchMailTemplate } from './mail-template.repository';
import { assertTemplateRules } from './mail-template-rules';
import { getTemplate } from '../template.service';
import { mailTemplates } from './mail-template.service';

export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** An uploaded HTML body must be UTF-8 HTML that keeps the template rules; it wins over the typed HTML body. */
function readHtml(file: UploadedFile): string {
  const isHtml = /\.html?$/i.test(file.filename) || file.mimetype === 'text/html';
  if (!isHtml) return badRequest('unknown_file_type');
  let html: string;
  try {
    html = utf8.decode(file.data).replace(/^\uFEFF/, '');
  } catch {
    return badRequest('unknown_file_type', { reason: 'not UTF-8' });
  }
  // NUL is valid UTF-8 but no text (and PostgreSQL refuses it): a binary file named .html.
  return html.includes('\u0000') ? badRequest('unknown_file_type', { reason: 'not text' }) : html;
}

export async function uploadTemplateFile(
  deps: AppDeps,
  actor: Actor,
  id: string,
  locale: TLocale,
  file: UploadedFile,
): Promise<TMailTemplate> {
  const row = (await findMailTemplate(deps.db, actor.clientId, id)) ?? notFound('mail_template');
  const html = readHtml(file);
  await assertTemplateRules(row.kind as TMailTemplateKind, locale, { htmlFile: html });
  const now = nowIso();
  const name = file.filename.replace(/[^\p{L}\p{N} ._-]/gu, '_').slice(0, 200);
  await deps.db.transaction().execute(async (trx) => {
    await setMailTemplateFile(trx, actor.clientId, id, locale, { html, name }, now);
    await touchMailTemplate(trx, actor.clientId, id, { updated_at: now });
    await audit(trx, auditWhoOf(actor), actor.clientId, 'template.changed', {
      object: { type: 'mail_template', id },
      after: { locale, htmlFile: name },
      detail: { op: 'file-upload' },
    });
  });
  return getTemplate(deps, actor, mailTemplates, id);
}

export async function removeTemplateFile(
  deps: AppDeps,
  actor: Actor,
  id: string,
  locale: TLocale,
): Promise<TMailTemplate> {
  if (!(await findMailTemplate(deps.db, actor.clientId, id))) notFound('mail_template');
  await deps.db.transaction().execute(async (trx) => {
    await setMailTemplateFile(trx, actor.clientId, id, locale, null, nowIso());
    await audit(trx, auditWhoOf(actor), actor.clientId, 'template.changed', {
      object: { type: 'mail_template', id },
      after: { locale, htmlFile: null },
      detail: { op: 'file-remove' },
    });
  });
  return getTemplate(deps, actor, mailTemplates, id);
}
