import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { ABOUT_DE, FAQ_DE } from './frozen-0013-platform-texts.de-DE';
import { ABOUT_EN, FAQ_EN } from './frozen-0013-platform-texts.en-US';
import { ABOUT_FR, FAQ_FR } from './frozen-0013-platform-texts.fr-FR';
import { columnTypes } from './schema-helpers';

/** The FAQ and About texts a fresh platform starts with, as this migration seeded them (a frozen copy). */
const SEEDED_TEXTS = {
  faq: { 'de-DE': FAQ_DE, 'en-US': FAQ_EN, 'fr-FR': FAQ_FR },
  about: { 'de-DE': ABOUT_DE, 'en-US': ABOUT_EN, 'fr-FR': ABOUT_FR },
};

/**
 * Issue "Clients and the reseller area", points 3 and 7. The imprint and privacy policy keep their type and text in
 * the clients table (imprint_type/_value, privacy_policy_type/_value); an uploaded PDF has its own row here, so
 * switching the type away from UPLOAD and back does not lose the file. Platform texts (FAQ, About) are Markdown per
 * key and locale, seeded with defaults so a fresh platform's pages are not empty. The (role, client_id) index finds
 * the root client (the one holding the SUPERADMINs, whose texts CSX means) without scanning the users.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('client_legal_pdfs')
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('uploaded_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('client_legal_pdfs_pk', ['client_id', 'kind'])
    .execute();
  await db.schema
    .createTable('platform_texts')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('markdown', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('platform_texts_pk', ['key', 'locale'])
    .execute();
  await db.schema.createIndex('users_role_client').on('users').columns(['role', 'client_id']).execute();

  const now = new Date().toISOString();
  const rows = Object.entries(SEEDED_TEXTS).flatMap(([key, byLocale]) =>
    Object.entries(byLocale).map(([locale, markdown]) => ({
      key,
      locale,
      markdown,
      updated_by: null,
      updated_at: now,
    })),
  );
  await (db as Kysely<{ platform_texts: (typeof rows)[number] }>).insertInto('platform_texts').values(rows).execute();
}
