import type { DbOrTrx } from '../../db/database';

export const findPlatformTexts = (db: DbOrTrx, key: string) =>
  db.selectFrom('platform_texts').selectAll().where('key', '=', key).execute();

export async function upsertPlatformText(
  db: DbOrTrx,
  row: { key: string; locale: string; markdown: string; updated_by: string; updated_at: string },
): Promise<void> {
  await db
    .insertInto('platform_texts')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['key', 'locale'])
        .doUpdateSet({ markdown: row.markdown, updated_by: row.updated_by, updated_at: row.updated_at }),
    )
    .execute();
}
