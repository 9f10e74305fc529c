import type { TPageQuery } from '@lms/contracts/common';
import { LOCALES, type TLocale } from '@lms/contracts/constants';
import type {
  TCertificatePreviewBody,
  TCertificateTemplate,
  TCertificateTemplateContent,
  TCertificateTemplateListItem,
  TCertificateTemplateListQuery,
  TCreateCertificateTemplateBody,
  TUpdateCertificateTemplateBody,
} from '@lms/contracts/certificates';
import type { DbOrTrx } from '../../db/database';
import type { AppDeps } from '../../platform/deps';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import type { Actor } from '../../platform/session';
import { removeFromStorage } from '../../platform/storage';
import { coursesUsingCertificateTemplates } from '../courses/course-ref';
import { readBackground, templateStorageKey } from './certificate-storage';
import { renderCertificatePdf, type RenderedCertificate } from './certificate-pdf';
import {
  defaultCertificateContent,
  fillCertificateText,
  findUnknownCertificatePlaceholders,
  sampleCertificateValues,
} from './certificate-text';
import {
  deleteCertificateTemplate,
  findCertificateTemplate,
  findCertificateTemplateLocales,
  insertCertificateTemplate,
  listCertificateTemplates,
  touchCertificateTemplate,
  upsertCertificateTemplateLocale,
  type CertificateTemplateLocaleRow,
  type CertificateTemplateRow,
} from './certificate-template.repository';

type Page<T> = { items: T[]; total: number; totalCapped: boolean; page: number; pageSize: number };

function presentTemplate(
  row: CertificateTemplateRow,
  locales: CertificateTemplateLocaleRow[],
  courseCount: number,
): TCertificateTemplate {
  const byLocale = new Map(locales.map((l) => [l.locale, l]));
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
    courseCount,
    updatedAt: row.updated_at,
  };
}

/** DECISIONS "certificate": an unknown placeholder is an error at save time, named in the answer. */
function assertKnownPlaceholders(locale: TLocale, content: Partial<TCertificateTemplateContent>): void {
  for (const [field, text] of Object.entries(content)) {
    const unknown = findUnknownCertificatePlaceholders(text);
    if (unknown.length > 0) badRequest('template_placeholder_unknown', { locale, field, placeholders: unknown });
  }
}

function checkContents(locales: Partial<Record<TLocale, TCertificateTemplateContent>>): void {
  for (const [locale, content] of Object.entries(locales) as [TLocale, TCertificateTemplateContent][]) {
    assertKnownPlaceholders(locale, content);
  }
}

const normalise = (name: string) => name.trim().toLowerCase();

export async function listTemplates(
  deps: AppDeps,
  actor: Actor,
  q: TCertificateTemplateListQuery & TPageQuery,
): Promise<Page<TCertificateTemplateListItem>> {
  const { rows, total } = await listCertificateTemplates(deps.db, actor.clientId, q, actor.locale);
  const ids = rows.map((r) => r.id);
  const [locales, usage] = await Promise.all([
    findCertificateTemplateLocales(deps.db, actor.clientId, ids),
    coursesUsingCertificateTemplates(deps.db, actor.clientId, ids),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      subtitle: r.subtitle ?? defaultCertificateContent(actor.locale).subtitle,
      backgroundLocales: LOCALES.filter((l) =>
        locales.some((x) => x.template_id === r.id && x.locale === l && x.background_key !== null),
      ),
      courseCount: usage.get(r.id) ?? 0,
      updatedAt: r.updated_at,
    })),
    total,
    totalCapped: false,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export async function loadTemplate(db: DbOrTrx, clientId: string, id: string): Promise<TCertificateTemplate> {
  const row = (await findCertificateTemplate(db, clientId, id)) ?? notFound('certificate_template');
  const [locales, usage] = await Promise.all([
    findCertificateTemplateLocales(db, clientId, [id]),
    coursesUsingCertificateTemplates(db, clientId, [id]),
  ]);
  return presentTemplate(row, locales, usage.get(id) ?? 0);
}

export const getTemplate = (deps: AppDeps, actor: Actor, id: string) => loadTemplate(deps.db, actor.clientId, id);

/** A new template; locales left out start from the built-in default texts, every locale without a background. */
export async function createTemplate(
  deps: AppDeps,
  actor: Actor,
  body: TCreateCertificateTemplateBody,
): Promise<TCertificateTemplate> {
  const locales = body.locales ?? {};
  checkContents(locales);
  const id = newId();
  const now = nowIso();
  await deps.db.transaction().execute(async (trx) => {
    await insertCertificateTemplate(trx, {
      id,
      client_id: actor.clientId,
      name: body.name.trim(),
      name_normalized: normalise(body.name),
      created_at: now,
      updated_at: now,
    });
    for (const locale of LOCALES) {
      const content = locales[locale] ?? defaultCertificateContent(locale);
      await upsertCertificateTemplateLocale(trx, actor.clientId, id, locale, content, now);
    }
  });
  return loadTemplate(deps.db, actor.clientId, id);
}

export async function updateTemplate(
  deps: AppDeps,
  actor: Actor,
  id: string,
  body: TUpdateCertificateTemplateBody,
): Promise<TCertificateTemplate> {
  checkContents(body.locales ?? {});
  const now = nowIso();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await findCertificateTemplate(trx, actor.clientId, id))) notFound('certificate_template');
    const name = body.name ? { name: body.name, name_normalized: normalise(body.name) } : {};
    await touchCertificateTemplate(trx, actor.clientId, id, { ...name, updated_at: now });
    for (const [locale, content] of Object.entries(body.locales ?? {}) as [TLocale, TCertificateTemplateContent][]) {
      await upsertCertificateTemplateLocale(trx, actor.clientId, id, locale, content, now);
    }
  });
  return loadTemplate(deps.db, actor.clientId, id);
}

/** A template a course names stays (409 certificate_template_in_use); its backgrounds go with it. */
export async function removeTemplate(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    if (!(await findCertificateTemplate(trx, actor.clientId, id))) notFound('certificate_template');
    const courses = (await coursesUsingCertificateTemplates(trx, actor.clientId, [id])).get(id) ?? 0;
    if (courses > 0) conflict('certificate_template_in_use', { courses });
    await deleteCertificateTemplate(trx, actor.clientId, id);
  });
  await removeFromStorage(deps.config, templateStorageKey(actor.clientId, id));
}

/**
 * The certificate of a sample person in one locale, with unsaved texts when given, over the locale's saved
 * background: what a participant would get (spec section 2 "certificate template admin", a live preview).
 */
export async function previewTemplate(
  deps: AppDeps,
  actor: Actor,
  id: string,
  locale: TLocale,
  body: TCertificatePreviewBody,
): Promise<RenderedCertificate> {
  if (!(await findCertificateTemplate(deps.db, actor.clientId, id))) notFound('certificate_template');
  const saved = (await findCertificateTemplateLocales(deps.db, actor.clientId, [id])).find((l) => l.locale === locale);
  const fallback = defaultCertificateContent(locale);
  const draft = body?.content ?? {};
  const content = {
    subtitle: draft.subtitle ?? saved?.subtitle ?? fallback.subtitle,
    body: draft.body ?? saved?.body ?? fallback.body,
  };
  assertKnownPlaceholders(locale, content);
  const values = sampleCertificateValues(locale);
  return renderCertificatePdf({
    background: (saved?.background_key ? await readBackground(deps, saved.background_key) : undefined) ?? null,
    subtitle: fillCertificateText(content.subtitle, values),
    body: fillCertificateText(content.body, values),
    locale,
    title: values.course,
  });
}
