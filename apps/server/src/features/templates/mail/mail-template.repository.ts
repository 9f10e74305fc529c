import type { TLocale } from '@lms/contracts/constants';
import type { TMailTemplateContent, TMailTemplateListQuery } from '@lms/contracts/mail-templates';
import { sql, type Selectable } from 'kysely';
import type { DbOrTrx, MailTemplateLocalesTable, MailTemplatesTable } from '../../../db/database';
import { likeContains, paginate } from '../../../platform/paging';

export type MailTemplateRow = Selectable<MailTemplatesTable>;
export type MailTemplateLocaleRow = Selectable<MailTemplateLocalesTable>;
/** A row of the list: the template and its subject in the reader's locale. */
export type MailTemplateListRow = Awaited<ReturnType<typeof listMailTemplates>>['rows'][number];

const SORT_COLUMNS = { name: 't.name', kind: 't.kind', updatedAt: 't.updated_at' } as const;

export async function listMailTemplates(db: DbOrTrx, clientId: string, q: TMailTemplateListQuery, locale: TLocale) {
  let base = db
    .selectFrom('mail_templates as t')
    .leftJoin('mail_template_locales as l', (j) => j.onRef('l.template_id', '=', 't.id').on('l.locale', '=', locale))
    .where('t.client_id', '=', clientId);
  if (q.kind) base = base.where('t.kind', '=', q.kind);
  const search = q.search;
  if (search)
    base = base.where((eb) =>
      eb.or([likeContains(sql`lower(t.name)`, search), likeContains(sql`lower(l.subject)`, search)]),
    );
  return paginate(base, q, (rows) =>
    rows
      .select(['t.id', 't.kind', 't.name', 't.standard_kind', 't.updated_at', 'l.subject'])
      .orderBy(SORT_COLUMNS[q.sort ?? 'kind'], q.order)
      .orderBy('t.id'),
  );
}

export const findMailTemplate = (db: DbOrTrx, clientId: string, id: string) =>
  db.selectFrom('mail_templates').selectAll().where('client_id', '=', clientId).where('id', '=', id).executeTakeFirst();

export const findStandardMailTemplate = (db: DbOrTrx, clientId: string, kind: string) =>
  db
    .selectFrom('mail_templates')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('standard_kind', '=', kind)
    .executeTakeFirst();

export const findMailTemplateLocales = (db: DbOrTrx, clientId: string, templateId: string) =>
  db
    .selectFrom('mail_template_locales')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('template_id', '=', templateId)
    .execute();

export const listStandardKinds = async (db: DbOrTrx, clientId: string): Promise<string[]> =>
  (
    await db
      .selectFrom('mail_templates')
      .select('standard_kind')
      .where('client_id', '=', clientId)
      .where('standard_kind', 'is not', null)
      .execute()
  ).map((r) => r.standard_kind as string);

/** Answers false when a standard template of the kind appeared meanwhile (another request made it). */
export async function insertMailTemplate(
  db: DbOrTrx,
  clientId: string,
  row: Omit<MailTemplateRow, 'client_id'>,
): Promise<boolean> {
  const res = await db
    .insertInto('mail_templates')
    .values({ ...row, client_id: clientId })
    .onConflict((oc) => oc.columns(['client_id', 'standard_kind']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function upsertMailTemplateLocale(
  db: DbOrTrx,
  clientId: string,
  templateId: string,
  locale: TLocale,
  content: TMailTemplateContent,
  now: string,
): Promise<void> {
  const values = {
    subject: content.subject,
    body_text: content.bodyText,
    body_html: content.bodyHtml || null,
    updated_at: now,
  };
  await db
    .insertInto('mail_template_locales')
    .values({ template_id: templateId, client_id: clientId, locale, html_file: null, html_file_name: null, ...values })
    .onConflict((oc) => oc.columns(['template_id', 'locale', 'client_id']).doUpdateSet(values))
    .execute();
}

export async function setMailTemplateFile(
  db: DbOrTrx,
  clientId: string,
  templateId: string,
  locale: TLocale,
  file: { html: string; name: string } | null,
  now: string,
): Promise<boolean> {
  const res = await db
    .updateTable('mail_template_locales')
    .set({ html_file: file?.html ?? null, html_file_name: file?.name ?? null, updated_at: now })
    .where('client_id', '=', clientId)
    .where('template_id', '=', templateId)
    .where('locale', '=', locale)
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

export async function touchMailTemplate(
  db: DbOrTrx,
  clientId: string,
  id: string,
  changes: { name?: string; updated_at: string },
): Promise<void> {
  await db.updateTable('mail_templates').set(changes).where('client_id', '=', clientId).where('id', '=', id).execute();
}

export async function deleteMailTemplate(db: DbOrTrx, clientId: string, id: string): Promise<boolean> {
  const res = await db
    .deleteFrom('mail_templates')
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .executeTakeFirst();
  return res.numDeletedRows > 0n;
}
