import type { Kysely } from 'kysely';

/**
 * Issue 32 point 2, certificates that look finished: a certificate template names a design ('classic', 'modern',
 * 'minimal'; null: the plain framed page every template had before, so an existing template looks as it did until
 * a design is picked), an orientation for that design, and up to two signatories as JSON (name, role and the storage
 * key of an uploaded signature image, in slot order). New columns with defaults only: safe while older processes run.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('certificate_templates').addColumn('design', 'text').execute();
  await db.schema
    .alterTable('certificate_templates')
    .addColumn('orientation', 'text', (c) => c.notNull().defaultTo('portrait'))
    .execute();
  await db.schema
    .alterTable('certificate_templates')
    .addColumn('signatories', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}
