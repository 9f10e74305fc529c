import { LOCALES, type TLocale } from '@lms/contracts/constants';
import type {
  TCertificateDesignBody,
  TCertificatePreviewBody,
  TCertificateTemplate,
  TCertificateTemplateContent,
  TCertificateTemplateListItem,
  TCertificateTemplateListQuery,
} from '@lms/contracts/certificates';
import type { DbOrTrx } from '../../../db/database';
import { badRequest, conflict } from '../../../platform/errors';
import { removeFromStorage } from '../../../platform/storage';
import type { TemplateKind, TemplatePreviewer } from '../template-kind';
import { loadTemplate } from '../template.service';
import { templateUsage } from '../template-usage';
import { readBackground, templateStorageKey } from './certificate-template-storage';
import { renderCertificatePdf, type RenderedCertificate } from './certificate-pdf';
import {
  defaultCertificateContent,
  fillCertificateText,
  findUnknownCertificatePlaceholders,
  sampleCertificateValues,
  splitCertificateBody,
} from './certificate-text';
import { loadCertificateLook } from './certificate-images';
import { lookOf, presentSignatories } from './certificate-signatories';
import {
  deleteCertificateTemplate,
  findCertificateTemplate,
  findCertificateTemplateLocales,
  insertCertificateTemplate,
  listCertificateTemplates,
  touchCertificateTemplate,
  upsertCertificateTemplateLocale,
  type CertificateTemplateListRow,
  type CertificateTemplateLocaleRow,
  type CertificateTemplateRow,
} from './certificate-template.repository';

// The certificate kind of the template feature: one variant, its texts (subtitle, body) with the certificate's
// placeholders, a PDF background per locale, and a PDF as its rendering.

/** DECISIONS "certificate": an unknown placeholder is an error at save time, named in the answer. */
function assertKnownPlaceholders(locale: TLocale, content: Partial<TCertificateTemplateContent>): void {
  for (const [field, text] of Object.entries(content)) {
    const unknown = findUnknownCertificatePlaceholders(text);
    if (unknown.length > 0) badRequest('template_placeholder_unknown', { locale, field, placeholders: unknown });
  }
}

const normalise = (name: string) => name.trim().toLowerCase();

const usage = (db: DbOrTrx, clientId: string, ids: readonly string[]) =>
  templateUsage('certificate', db, clientId, ids);

export const certificateTemplates: TemplateKind<
  CertificateTemplateRow,
  CertificateTemplateLocaleRow,
  TCertificateTemplateContent,
  TCertificateTemplate,
  TCertificateTemplateListItem,
  TCertificateTemplateListQuery,
  CertificateTemplateListRow
> = {
  entity: 'certificate_template',
  singleVariant: 'certificate',
  store: {
    list: listCertificateTemplates,
    find: findCertificateTemplate,
    locales: (db, clientId, id) => findCertificateTemplateLocales(db, clientId, [id]),
    insert: (db, clientId, t) =>
      insertCertificateTemplate(db, {
        id: t.id,
        client_id: clientId,
        name: t.name.trim(),
        name_normalized: normalise(t.name),
        // Issue 32 point 2: a new template starts designed; one made before keeps its plain page (design null).
        design: 'classic',
        created_at: t.now,
        updated_at: t.now,
      }),
    touch: (db, clientId, id, { name, updated_at }) =>
      touchCertificateTemplate(db, clientId, id, {
        ...(name ? { name, name_normalized: normalise(name) } : {}),
        updated_at,
      }),
    upsertLocale: upsertCertificateTemplateLocale,
    remove: deleteCertificateTemplate,
  },
  variantOf: () => 'certificate',
  defaults: (_variant, locale) => defaultCertificateContent(locale),
  validate: (_variant, locale, content) => assertKnownPlaceholders(locale, content),

  async present(db, clientId, row, locales) {
    const byLocale = new Map(locales.map((l) => [l.locale, l]));
    const courseCount = (await usage(db, clientId, [row.id])).get(row.id) ?? 0;
    return {
      id: row.id,
      name: row.name,
      locales: LOCALES.map((locale) => {
        const l = byLocale.get(locale);
        const fallback = defaultCertificateContent(locale);
        return {
          locale,
          subtitle: l?.subtitle ?? fallback.subtitle,
          body: l?.body ?? fallback.body,
          backgroundFileName: l?.background_file_name ?? null,
          backgroundSize: l?.background_size ?? null,
        };
      }),
      ...presentLook(row),
      courseCount,
      updatedAt: row.updated_at,
    };
  },

  async listItems(db, actor, rows) {
    const ids = rows.map((r) => r.id);
    const [locales, used] = await Promise.all([
      findCertificateTemplateLocales(db, actor.clientId, ids),
      usage(db, actor.clientId, ids),
    ]);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      subtitle: r.subtitle ?? defaultCertificateContent(actor.locale).subtitle,
      backgroundLocales: LOCALES.filter((l) =>
        locales.some((x) => x.template_id === r.id && x.locale === l && x.background_key !== null),
      ),
      courseCount: used.get(r.id) ?? 0,
      updatedAt: r.updated_at,
    }));
  },

  /** A template a course names stays (409 certificate_template_in_use). */
  async beforeRemove(trx, clientId, id) {
    const courses = (await usage(trx, clientId, [id])).get(id) ?? 0;
    if (courses > 0) conflict('certificate_template_in_use', { courses });
  },

  /** Its backgrounds go with it. */
  afterRemove: (deps, clientId, id) => removeFromStorage(deps.config, templateStorageKey(clientId, id)),
};

function presentLook(row: CertificateTemplateRow) {
  const look = lookOf(row);
  return { design: look.design, orientation: look.orientation, signatories: presentSignatories(look.signatories) };
}

export const loadCertificateTemplate = (db: DbOrTrx, clientId: string, id: string) =>
  loadTemplate(db, certificateTemplates, clientId, id);

/**
 * The certificate of a sample person in one locale, with unsaved texts when given, over the locale's saved
 * background: what a participant would get (spec section 2 "certificate template admin", a live preview).
 */
type PreviewSource = TCertificateTemplateContent & { design?: TCertificateDesignBody };

export const certificatePreviewer: TemplatePreviewer<
  CertificateTemplateLocaleRow,
  TCertificateTemplateContent,
  TCertificatePreviewBody,
  PreviewSource,
  { clientId: string; templateId: string },
  RenderedCertificate
> = {
  source: (body, saved, fallback) => {
    const draft = body?.content ?? {};
    return {
      subtitle: draft.subtitle ?? saved?.subtitle ?? fallback.subtitle,
      body: draft.body ?? saved?.body ?? fallback.body,
      ...(body?.design ? { design: body.design } : {}),
    };
  },
  check: (_variant, locale, { subtitle, body }) => assertKnownPlaceholders(locale, { subtitle, body }),
  async render(deps, { source, saved, locale, context: { clientId, templateId } }) {
    const values = sampleCertificateValues(locale);
    const row = (await findCertificateTemplate(deps.db, clientId, templateId)) ?? null;
    const stored = row ? lookOf(row) : { design: null, orientation: 'portrait' as const, signatories: [] };
    const look = await loadCertificateLook(deps, deps.db, clientId, stored, source.design);
    const text = look
      ? splitCertificateBody(source.body, values)
      : { hero: null, body: fillCertificateText(source.body, values) };
    return renderCertificatePdf({
      background: (saved?.background_key ? await readBackground(deps, saved.background_key) : undefined) ?? null,
      subtitle: fillCertificateText(source.subtitle, values),
      body: text.body,
      hero: text.hero,
      look,
      locale,
      title: values.course,
    });
  },
};
