import type { TPageQuery } from '@lms/contracts/common';
import { LOCALES, type TLocale } from '@lms/contracts/constants';
import type { DbOrTrx } from '../../db/database';
import { audit, auditWhoOf } from '../../platform/audit/audit-actor';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import type { Actor } from '../../platform/session';
import type { TemplateKind, TemplateLocaleRowBase, TemplatePreviewer, TemplateRowBase } from './template-kind';

// The one template service (issue 29): list, read, create, change, delete and preview a template of any kind, with
// the kind's store, defaults, rules and rendering (template-kind.ts).

/** A kind with the types that matter to one operation (rows and texts pass through the kind unseen). */
type Kind<Content = unknown, Template = unknown, Item = unknown, Query = unknown> = TemplateKind<
  TemplateRowBase,
  TemplateLocaleRowBase,
  Content,
  Template,
  Item,
  Query,
  TemplateRowBase
>;

export type Page<T> = { items: T[]; total: number; totalCapped: boolean; page: number; pageSize: number };

/** The input of a new template, whatever the kind's create body looks like. */
export interface NewTemplate<Content> {
  variant: string;
  name: string;
  locales?: Partial<Record<TLocale, Content>>;
}

export async function listTemplates<Item, Query>(
  deps: AppDeps,
  actor: Actor,
  kind: Kind<unknown, unknown, Item, Query>,
  q: Query & TPageQuery,
): Promise<Page<Item>> {
  await kind.beforeList?.(deps.db, actor);
  const { rows, total } = await kind.store.list(deps.db, actor.clientId, q, actor.locale);
  return {
    items: await kind.listItems(deps.db, actor, rows),
    total,
    totalCapped: false,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** A template of the client as the API shows it, or 404 (another client's is not found either). */
export async function loadTemplate<Template>(
  db: DbOrTrx,
  kind: Kind<unknown, Template>,
  clientId: string,
  id: string,
  reader?: TLocale,
): Promise<Template> {
  const row = (await kind.store.find(db, clientId, id)) ?? notFound(kind.entity);
  return await kind.present(db, clientId, row, await kind.store.locales(db, clientId, id), reader);
}

export const getTemplate = <Template>(deps: AppDeps, actor: Actor, kind: Kind<unknown, Template>, id: string) =>
  loadTemplate(deps.db, kind, actor.clientId, id, actor.locale);

/** The kind's save rules for each locale's texts. */
async function checkContents<Content>(
  kind: Kind<Content>,
  variant: string,
  locales: Partial<Record<TLocale, Content>>,
): Promise<void> {
  for (const [locale, content] of Object.entries(locales) as [TLocale, Content][]) {
    await kind.validate(variant, locale, content);
  }
}

/** A new template; locales left out start from the kind's default texts. */
export async function createTemplate<Content, Template>(
  deps: AppDeps,
  actor: Actor,
  kind: Kind<Content, Template>,
  input: NewTemplate<Content>,
): Promise<Template> {
  const locales = input.locales ?? {};
  await checkContents(kind, input.variant, locales);
  const id = newId();
  const now = nowIso();
  await deps.db.transaction().execute(async (trx) => {
    await kind.store.insert(trx, actor.clientId, { id, variant: input.variant, name: input.name, now });
    for (const locale of LOCALES) {
      const content = locales[locale] ?? kind.defaults(input.variant, locale);
      await kind.store.upsertLocale(trx, actor.clientId, id, locale, content, now);
    }
    await audit(trx, auditWhoOf(actor), actor.clientId, 'template.changed', {
      object: { type: kind.entity, id },
      after: { name: input.name, variant: input.variant, locales: Object.keys(locales) },
      detail: { op: 'create' },
    });
  });
  return loadTemplate(deps.db, kind, actor.clientId, id, actor.locale);
}

/** The stored texts of some locales of a template, for the values before a change. */
async function localeTexts(trx: DbOrTrx, kind: Kind, clientId: string, id: string, locales: readonly string[]) {
  const rows = await kind.store.locales(trx, clientId, id);
  return Object.fromEntries(rows.filter((r) => locales.includes(r.locale)).map((r) => [r.locale, r]));
}

/** The name and the texts of the locales given; the others stay. */
export async function updateTemplate<Content, Template>(
  deps: AppDeps,
  actor: Actor,
  kind: Kind<Content, Template>,
  id: string,
  body: { name?: string; locales?: Partial<Record<TLocale, Content>> },
): Promise<Template> {
  const variant =
    kind.singleVariant ?? kind.variantOf((await kind.store.find(deps.db, actor.clientId, id)) ?? notFound(kind.entity));
  await checkContents(kind, variant, body.locales ?? {});
  const now = nowIso();
  await deps.db.transaction().execute(async (trx) => {
    const current = (await kind.store.find(trx, actor.clientId, id)) ?? notFound(kind.entity);
    const changedLocales = Object.keys(body.locales ?? {});
    const before = await localeTexts(trx, kind, actor.clientId, id, changedLocales);
    await kind.store.touch(trx, actor.clientId, id, { ...(body.name ? { name: body.name } : {}), updated_at: now });
    for (const [locale, content] of Object.entries(body.locales ?? {}) as [TLocale, Content][]) {
      await kind.store.upsertLocale(trx, actor.clientId, id, locale, content, now);
    }
    const oldName = (current as { name?: unknown }).name;
    await audit(trx, auditWhoOf(actor), actor.clientId, 'template.changed', {
      object: { type: kind.entity, id },
      before: { ...(body.name ? { name: oldName } : {}), locales: before },
      after: { ...(body.name ? { name: body.name } : {}), locales: body.locales ?? {} },
      detail: { op: 'update' },
    });
  });
  return loadTemplate(deps.db, kind, actor.clientId, id, actor.locale);
}

export async function removeTemplate(deps: AppDeps, actor: Actor, kind: Kind, id: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await kind.beforeRemove?.(trx, actor.clientId, id);
    if (!(await kind.store.remove(trx, actor.clientId, id))) notFound(kind.entity);
    await audit(trx, auditWhoOf(actor), actor.clientId, 'template.changed', {
      object: { type: kind.entity, id },
      detail: { op: 'delete' },
    });
  });
  await kind.afterRemove?.(deps, actor.clientId, id);
}

/**
 * One locale of a template as its readers would get it, with unsaved texts when given (a live preview): the kind's
 * save rules apply to what is previewed, and the kind renders it.
 */
export async function previewTemplate<
  Content,
  Draft,
  Source,
  Context,
  Preview,
  LocaleRow extends TemplateLocaleRowBase,
>(
  deps: AppDeps,
  actor: Actor,
  kind: Kind<Content>,
  previewer: TemplatePreviewer<LocaleRow, Content, Draft, Source, Context, Preview>,
  p: { id: string; locale: TLocale; draft: Draft; context: Context },
): Promise<Preview> {
  const row = (await kind.store.find(deps.db, actor.clientId, p.id)) ?? notFound(kind.entity);
  const saved = ((await kind.store.locales(deps.db, actor.clientId, p.id)) as LocaleRow[]).find(
    (l) => l.locale === p.locale,
  );
  const variant = kind.variantOf(row);
  const source = previewer.source(p.draft, saved, kind.defaults(variant, p.locale));
  await previewer.check(variant, p.locale, source);
  return await previewer.render(deps, { source, saved, locale: p.locale, context: p.context });
}
