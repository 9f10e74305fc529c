import { FALLBACK_LOCALE, DEFAULT_LOCALE, LOCALES, type TLocale } from '@lms/contracts/constants';
import type { TPageQuery } from '@lms/contracts/common';
import {
  type TCreateMailTemplateBody,
  type TMailTemplate,
  type TMailTemplateContent,
  type TMailTemplateKind,
  type TMailTemplateListItem,
  type TMailTemplateListQuery,
  type TMailTemplatePreview,
  type TMailTemplatePreviewBody,
  type TMailValues,
  type TUpdateMailTemplateBody,
  MAIL_TEMPLATE_KINDS,
} from '@lms/contracts/mail-templates';
import type { DbOrTrx } from '../../db/database';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import { appendFooter } from '../../platform/mailer';
import type { Actor } from '../../platform/session';
import type { Tenant } from '../../platform/tenant';
import { defaultTemplateContent, defaultTemplateName } from './default-templates';
import {
  deleteMailTemplate,
  findMailTemplate,
  findMailTemplateLocales,
  findStandardMailTemplate,
  insertMailTemplate,
  listMailTemplates,
  listStandardKinds,
  touchMailTemplate,
  upsertMailTemplateLocale,
  type MailTemplateLocaleRow,
  type MailTemplateRow,
} from './mail-template.repository';
import { assertTemplateRules } from './mail-template-rules';
import { renderTemplate, type RenderedMail, type TemplateSource } from './template-render';
import { sampleValues } from './template-sample';

type Page<T> = { items: T[]; total: number; totalCapped: boolean; page: number; pageSize: number };

function presentTemplate(row: MailTemplateRow, locales: MailTemplateLocaleRow[], reader?: TLocale): TMailTemplate {
  const byLocale = new Map(locales.map((l) => [l.locale, l]));
  return {
    id: row.id,
    kind: row.kind as TMailTemplateKind,
    name: shownTemplateName(row, reader),
    isStandard: row.standard_kind !== null,
    locales: LOCALES.map((locale) => {
      const l = byLocale.get(locale);
      const fallback = defaultTemplateContent(row.kind as TMailTemplateKind, locale);
      return {
        locale,
        subject: l?.subject ?? fallback.subject,
        bodyText: l?.body_text ?? fallback.bodyText,
        bodyHtml: l?.body_html ?? null,
        htmlFileName: l?.html_file_name ?? null,
      };
    }),
    updatedAt: row.updated_at,
  };
}

/**
 * A standard template whose name nobody changed (it is still a built-in name of its kind, in any locale) shows its
 * name in the reader's language (issue 12: the seeded names were German for everyone); a name someone gave it stays.
 */
export function shownTemplateName(
  row: { name: string; kind: string; standard_kind: string | null },
  reader: TLocale | undefined,
): string {
  if (!reader || row.standard_kind === null) return row.name;
  const kind = row.kind as TMailTemplateKind;
  const builtIn = LOCALES.some((l) => defaultTemplateName(kind, l) === row.name);
  return builtIn ? defaultTemplateName(kind, reader) : row.name;
}

/**
 * Each client gets its standard template of every kind, made from the built-in defaults the first time its templates
 * are listed; until then mail uses the built-in defaults directly, which say the same.
 */
async function ensureStandardTemplates(db: DbOrTrx, clientId: string, nameLocale: TLocale): Promise<void> {
  const have = new Set(await listStandardKinds(db, clientId));
  const missing = MAIL_TEMPLATE_KINDS.filter((k) => !have.has(k));
  if (missing.length === 0) return;
  const now = nowIso();
  for (const kind of missing) {
    await db.transaction().execute(async (trx) => {
      const id = newId();
      const made = await insertMailTemplate(trx, clientId, {
        id,
        kind,
        name: defaultTemplateName(kind, nameLocale),
        standard_kind: kind,
        created_at: now,
        updated_at: now,
      });
      if (!made) return;
      for (const locale of LOCALES)
        await upsertMailTemplateLocale(trx, clientId, id, locale, defaultTemplateContent(kind, locale), now);
    });
  }
}

export async function listTemplates(
  deps: AppDeps,
  actor: Actor,
  q: TMailTemplateListQuery & TPageQuery,
): Promise<Page<TMailTemplateListItem>> {
  await ensureStandardTemplates(deps.db, actor.clientId, actor.locale);
  const { rows, total } = await listMailTemplates(deps.db, actor.clientId, q, actor.locale);
  return {
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind as TMailTemplateKind,
      name: shownTemplateName(r, actor.locale),
      isStandard: r.standard_kind !== null,
      subject: r.subject ?? '',
      updatedAt: r.updated_at,
    })),
    total,
    totalCapped: false,
    page: q.page,
    pageSize: q.pageSize,
  };
}

async function loadTemplate(db: DbOrTrx, clientId: string, id: string, reader?: TLocale): Promise<TMailTemplate> {
  const row = (await findMailTemplate(db, clientId, id)) ?? notFound('mail_template');
  return presentTemplate(row, await findMailTemplateLocales(db, clientId, id), reader);
}

export const getTemplate = (deps: AppDeps, actor: Actor, id: string) =>
  loadTemplate(deps.db, actor.clientId, id, actor.locale);

/** The save rules (mail-template-rules.ts) for each locale's texts. */
async function checkContents(
  kind: TMailTemplateKind,
  locales: Partial<Record<TLocale, TMailTemplateContent>>,
): Promise<void> {
  for (const [locale, c] of Object.entries(locales) as [TLocale, TMailTemplateContent][]) {
    await assertTemplateRules(kind, locale, { subject: c.subject, bodyText: c.bodyText, bodyHtml: c.bodyHtml });
  }
}

/** A further template of a kind (e.g. a course's own reminder); locales left out start from the defaults. */
export async function createTemplate(
  deps: AppDeps,
  actor: Actor,
  body: TCreateMailTemplateBody,
): Promise<TMailTemplate> {
  await checkContents(body.kind, body.locales);
  const id = newId();
  const now = nowIso();
  await deps.db.transaction().execute(async (trx) => {
    await insertMailTemplate(trx, actor.clientId, {
      id,
      kind: body.kind,
      name: body.name,
      standard_kind: null,
      created_at: now,
      updated_at: now,
    });
    for (const locale of LOCALES) {
      const content = body.locales[locale] ?? defaultTemplateContent(body.kind, locale);
      await upsertMailTemplateLocale(trx, actor.clientId, id, locale, content, now);
    }
  });
  return loadTemplate(deps.db, actor.clientId, id, actor.locale);
}

export async function updateTemplate(
  deps: AppDeps,
  actor: Actor,
  id: string,
  body: TUpdateMailTemplateBody,
): Promise<TMailTemplate> {
  const row = (await findMailTemplate(deps.db, actor.clientId, id)) ?? notFound('mail_template');
  await checkContents(row.kind as TMailTemplateKind, body.locales ?? {});
  const now = nowIso();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await findMailTemplate(trx, actor.clientId, id))) notFound('mail_template');
    await touchMailTemplate(trx, actor.clientId, id, { ...(body.name ? { name: body.name } : {}), updated_at: now });
    for (const [locale, content] of Object.entries(body.locales ?? {}) as [TLocale, TMailTemplateContent][]) {
      await upsertMailTemplateLocale(trx, actor.clientId, id, locale, content, now);
    }
  });
  return loadTemplate(deps.db, actor.clientId, id, actor.locale);
}

/** Deleting the standard template of a kind resets it: the next list makes it again from the defaults. */
export async function removeTemplate(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  if (!(await deleteMailTemplate(deps.db, actor.clientId, id))) notFound('mail_template');
}

export async function previewTemplate(
  deps: AppDeps,
  actor: Actor,
  tenant: Tenant,
  id: string,
  body: TMailTemplatePreviewBody,
): Promise<TMailTemplatePreview> {
  const row = (await findMailTemplate(deps.db, actor.clientId, id)) ?? notFound('mail_template');
  const saved = (await findMailTemplateLocales(deps.db, actor.clientId, id)).find((l) => l.locale === body.locale);
  const fallback = defaultTemplateContent(row.kind as TMailTemplateKind, body.locale);
  const draft = body.content ?? {};
  const source: TemplateSource = {
    subject: draft.subject ?? saved?.subject ?? fallback.subject,
    bodyText: draft.bodyText ?? saved?.body_text ?? fallback.bodyText,
    bodyHtml: draft.bodyHtml !== undefined ? draft.bodyHtml || null : (saved?.body_html ?? null),
    htmlFile: saved?.html_file ?? null,
  };
  await assertTemplateRules(row.kind as TMailTemplateKind, body.locale, {
    subject: source.subject,
    bodyText: source.bodyText,
    bodyHtml: source.bodyHtml,
  });
  const values = sampleValues(body.locale, {
    name: tenant.name,
    supportEmail: tenant.supportEmail,
    platformDomain: tenant.platformDomain,
  });
  const rendered = renderTemplate(source, values, body.locale);
  return { subject: rendered.subject, ...appendFooter(rendered.text, rendered.html, tenant.emailFooter) };
}

const pickLocale = (rows: MailTemplateLocaleRow[], locale: TLocale) =>
  rows.find((l) => l.locale === locale) ??
  rows.find((l) => l.locale === FALLBACK_LOCALE) ??
  rows.find((l) => l.locale === DEFAULT_LOCALE);

const sourceOf = (l: MailTemplateLocaleRow): TemplateSource => ({
  subject: l.subject,
  bodyText: l.body_text,
  bodyHtml: l.body_html,
  htmlFile: l.html_file,
});

/** Whether the client has a template of this id and kind: for features that refer to one (a course's). */
export const isMailTemplateOfKind = async (db: DbOrTrx, clientId: string, id: string, kind: TMailTemplateKind) =>
  (await findMailTemplate(db, clientId, id))?.kind === kind;

/**
 * The mail of a kind for one reader (DECISIONS "default templates"): a given template (a course's), else the client's
 * standard template of the kind, else the built-in default; in the reader's locale, else en-US, else de-DE.
 */
export async function renderMailOfKind(
  db: DbOrTrx,
  clientId: string,
  m: { kind: TMailTemplateKind; locale: TLocale; values: TMailValues; templateId?: string | null },
): Promise<RenderedMail> {
  const { source, locale } = await mailSourceOfKind(db, clientId, m);
  return renderTemplate(source, m.values, locale);
}

/** The template text a mail of this kind and locale is rendered from (the values do not matter to it). */
export async function mailSourceOfKind(
  db: DbOrTrx,
  clientId: string,
  m: { kind: TMailTemplateKind; locale: TLocale; templateId?: string | null },
) {
  const named = m.templateId ? await findMailTemplate(db, clientId, m.templateId) : undefined;
  // A named template of another kind is not used: its texts were checked by the rules of its own kind.
  const chosen = named?.kind === m.kind ? named : undefined;
  const template = chosen ?? (await findStandardMailTemplate(db, clientId, m.kind));
  const localeRow = template
    ? pickLocale(await findMailTemplateLocales(db, clientId, template.id), m.locale)
    : undefined;
  const source = localeRow ? sourceOf(localeRow) : defaultTemplateContent(m.kind, m.locale);
  return { source, locale: localeRow ? (localeRow.locale as TLocale) : m.locale };
}
