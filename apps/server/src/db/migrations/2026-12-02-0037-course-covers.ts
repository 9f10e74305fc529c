import type { Kysely } from 'kysely';

/**
 * Issue 32 point 3, imagery: a course's cover picture. `cover_key` names the stored WebP (a fresh key per upload, so
 * its URL changes with it and browsers may keep it for long); null: the course shows its generated pattern. New
 * nullable column only: safe while older processes run.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('courses').addColumn('cover_key', 'text').execute();
}
