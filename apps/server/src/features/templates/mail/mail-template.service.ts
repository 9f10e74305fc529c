import { FALLBACK_LOCALE, DEFAULT_LOCALE, LOCALES, type TLocale } from '@lms/contracts/constants';
import {
  type TMailTemplate,
  type TMailTemplateContent,
  type TMailTemplateKind,
  type TMailTemplateListItem,
  type TMailTemplateListQuery,
  type TMailTemplatePreview,
  type TMailTemplatePreviewBody,
  MAIL_TEMPLATE_KINDS,
} from '@lms/contracts/mail-templates';
import type { DbOrTrx } from '../../../db/database';
import { newId, nowIso } from '../../../platform/ids';
import { notFound } from '../../../platform/errors';
import type { Tenant } from '../../../platform/tenant';
import type { TemplateKind, TemplatePreviewer } from '../template-kind';
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
  type MailTemplateListRow,
  type MailTemplateLocaleRow,
  type MailTemplateRow,
} from './mail-template.repository';
import { assertTemplateRules } from './mail-template-rules';
import { brandMailParts, findMailBrand } from './mail-branding';
import { renderTemplate, type TemplateSource } from './template-render';
import { sampleValues } from './template-sample';

// The mail kind of the template feature: one variant a mail kind (invitation, reminder, ...), each with its standard
// template per client; texts (subject, text, optional HTML, an uploaded HTML file) with the mail placeholders and the
// rules of mail-template-rules.ts; the MIME parts (subject, text, HTML) as its rendering.

/**
 * A standard template whose name nobody changed (it is still a built-in name of its kind, in any locale) shows its
 * name in the reader's language (issue 12: the seeded names were German for everyone); a name someone gave it stays.
 */
function shownTemplateName(
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

export const mailTemplates: TemplateKind<
  MailTemplateRow,
  MailTemplateLocaleRow,
  TMailTemplateContent,
  TMailTemplate,
  TMailTemplateListItem,
  TMailTemplateListQuery,
  MailTemplateListRow
> = {
  entity: 'mail_template',
  store: {
    list: listMailTemplates,
    find: findMailTemplate,
    locales: findMailTemplateLocales,
    insert: async (db, clientId, t) => {
      await insertMailTemplate(db, clientId, {
        id: t.id,
        kind: t.variant,
        name: t.name,
        standard_kind: null,
        created_at: t.now,
        updated_at: t.now,
      });
    },
    touch: touchMailTemplate,
    upsertLocale: upsertMailTemplateLocale,
    remove: deleteMailTemplate,
  },
  variantOf: (row) => row.kind,
  defaults: (kind, locale) => defaultTemplateContent(kind as TMailTemplateKind, locale),
  /** The save rules (mail-template-rules.ts) for each locale's texts. */
  validate: (kind, locale, c) =>
    assertTemplateRules(kind as TMailTemplateKind, locale, {
      subject: c.subject,
      bodyText: c.bodyText,
      bodyHtml: c.bodyHtml,
    }),

  present: (_db, _clientId, row, locales, reader) => {
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
  },

  beforeList: (db, actor) => ensureStandardTemplates(db, actor.clientId, actor.locale),
  listItems: (_db, actor, rows) =>
    rows.map((r) => ({
      id: r.id,
      kind: r.kind as TMailTemplateKind,
      name: shownTemplateName(r, actor.locale),
      isStandard: r.standard_kind !== null,
      subject: r.subject ?? '',
      updatedAt: r.updated_at,
    })),
  // Deleting the standard template of a kind resets it: the next list makes it again from the defaults.
};

/** A mail of a sample person (spec section 2 "mail template admin"), in the client's frame as sent. */
export const mailPreviewer: TemplatePreviewer<
  MailTemplateLocaleRow,
  TMailTemplateContent,
  TMailTemplatePreviewBody,
  TemplateSource,
  Tenant,
  TMailTemplatePreview
> = {
  source: (body, saved, fallback) => {
    const draft = body.content ?? {};
    return {
      subject: draft.subject ?? saved?.subject ?? fallback.subject,
      bodyText: draft.bodyText ?? saved?.body_text ?? fallback.bodyText,
      bodyHtml: draft.bodyHtml !== undefined ? draft.bodyHtml || null : (saved?.body_html ?? null),
      htmlFile: saved?.html_file ?? null,
    };
  },
  check: (kind, locale, source) =>
    assertTemplateRules(kind as TMailTemplateKind, locale, {
      subject: source.subject,
      bodyText: source.bodyText,
      bodyHtml: source.bodyHtml,
    }),
  // The mail as it leaves, in the client's frame; the logo inline as data (a browser frame has no attachments).
  render: async (deps, { source, locale, context: tenant }) => {
    const values = sampleValues(locale, {
      name: tenant.name,
      supportEmail: tenant.supportEmail,
      platformDomain: tenant.platformDomain,
    });
    const rendered = renderTemplate(source, values, locale);
    const brand = (await findMailBrand(deps.db, deps.config, tenant.id)) ?? notFound('client');
    const { text, html } = await brandMailParts(brand, locale, rendered, 'data-uri');
    return { subject: rendered.subject, text, html };
  },
};

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
 * The template text a mail of a kind for one reader is rendered from (DECISIONS "default templates"; the values do
 * not matter to it): a given template (a course's), else the client's standard template of the kind, else the
 * built-in default; in the reader's locale, else en-US, else de-DE.
 */
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
