import type { TLocale } from '@lms/contracts/constants';
import type { TCertificateTemplateContent, TCertificateTemplateListQuery } from '@lms/contracts/certificates';
import { sql, type Insertable, type Selectable } from 'kysely';
import type { DbOrTrx } from '../../../db/database';
import { likeContains, paginate } from '../../../platform/paging';
import type { CertificateTemplateLocalesTable, CertificateTemplatesTable } from './certificate-template.table';

export type CertificateTemplateRow = Selectable<CertificateTemplatesTable>;
export type CertificateTemplateLocaleRow = Selectable<CertificateTemplateLocalesTable>;
/** A row of the list: the template and its subtitle in the reader's locale. */
export type CertificateTemplateListRow = Awaited<ReturnType<typeof listCertificateTemplates>>['rows'][number];

const SORT_COLUMNS = { name: 't.name_normalized', updatedAt: 't.updated_at' } as const;

export async function listCertificateTemplates(
  db: DbOrTrx,
  clientId: string,
  q: TCertificateTemplateListQuery,
  locale: TLocale,
) {
  let base = db
    .selectFrom('certificate_templates as t')
    .leftJoin('certificate_template_locales as l', (j) =>
      j.onRef('l.template_id', '=', 't.id').on('l.locale', '=', locale),
    )
    .where('t.client_id', '=', clientId);
  const search = q.search;
  if (search)
    base = base.where((eb) =>
      eb.or([likeContains(sql`t.name_normalized`, search), likeContains(sql`lower(l.subtitle)`, search)]),
    );
  return paginate(base, q, (rows) =>
    rows
      .select(['t.id', 't.name', 't.updated_at', 'l.subtitle'])
      .orderBy(SORT_COLUMNS[q.sort ?? 'name'], q.order)
      .orderBy('t.id'),
  );
}

export const findCertificateTemplate = (db: DbOrTrx, clientId: string, id: string) =>
  db
    .selectFrom('certificate_templates')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .executeTakeFirst();

/** The locales of these templates (one query for a page of the list). */
export async function findCertificateTemplateLocales(
  db: DbOrTrx,
  clientId: string,
  templateIds: readonly string[],
): Promise<CertificateTemplateLocaleRow[]> {
  if (templateIds.length === 0) return [];
  return db
    .selectFrom('certificate_template_locales')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('template_id', 'in', [...templateIds])
    .execute();
}

export async function insertCertificateTemplate(
  db: DbOrTrx,
  row: Insertable<CertificateTemplatesTable>,
): Promise<void> {
  await db.insertInto('certificate_templates').values(row).execute();
}

export async function touchCertificateTemplate(
  db: DbOrTrx,
  clientId: string,
  id: string,
  changes: { name?: string; name_normalized?: string; updated_at: string },
): Promise<void> {
  await db
    .updateTable('certificate_templates')
    .set(changes)
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .execute();
}

/** Issue 32 point 2: the design, orientation and signatories (JSON) of a template. */
export async function setCertificateLook(
  db: DbOrTrx,
  clientId: string,
  id: string,
  changes: { design?: string | null; orientation?: string; signatories?: string; updated_at: string },
): Promise<void> {
  await db
    .updateTable('certificate_templates')
    .set(changes)
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .execute();
}

export async function upsertCertificateTemplateLocale(
  db: DbOrTrx,
  clientId: string,
  templateId: string,
  locale: TLocale,
  content: TCertificateTemplateContent,
  now: string,
): Promise<void> {
  const values = { subtitle: content.subtitle, body: content.body, updated_at: now };
  await db
    .insertInto('certificate_template_locales')
    .values({
      template_id: templateId,
      client_id: clientId,
      locale,
      background_key: null,
      background_file_name: null,
      background_size: null,
      ...values,
    })
    .onConflict((oc) => oc.columns(['template_id', 'locale', 'client_id']).doUpdateSet(values))
    .execute();
}

export async function setCertificateBackground(
  db: DbOrTrx,
  clientId: string,
  templateId: string,
  locale: TLocale,
  file: { key: string; name: string; size: number } | null,
  now: string,
): Promise<boolean> {
  const res = await db
    .updateTable('certificate_template_locales')
    .set({
      background_key: file?.key ?? null,
      background_file_name: file?.name ?? null,
      background_size: file?.size ?? null,
      updated_at: now,
    })
    .where('client_id', '=', clientId)
    .where('template_id', '=', templateId)
    .where('locale', '=', locale)
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

export async function deleteCertificateTemplate(db: DbOrTrx, clientId: string, id: string): Promise<boolean> {
  const res = await db
    .deleteFrom('certificate_templates')
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .executeTakeFirst();
  return res.numDeletedRows > 0n;
}
