import { VERIFICATION_CODE_ALPHABET, VERIFICATION_CODE_LENGTH } from '@lms/contracts/certificates';
import type { Kysely } from 'kysely';
import { newVerificationCode } from '../../platform/ids';
import type { Dialect } from '../database';
import { columnTypes } from './schema-helpers';

/**
 * Issue 30 point 2: certificates anyone can verify. Every code a certificate's PDF ever carried is a row of
 * certificate_codes, so an old PDF still answers after a re-issue (as withdrawn); course_certificates names its
 * current code. `valid_until` stays null until validity (issue 30 point 1) fills it; the status "expired" follows
 * from it. Certificates issued before this migration get their code here (their PDFs show it once made again).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('certificate_codes')
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('certificate_id', 'text', (c) => c.notNull().references('course_certificates.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('withdrawn_at', t.timestamp)
    .addColumn('withdrawn_reason', 'text')
    // client_id leads every tenant key (issue 33 point 7, test/tenant-keys.test.ts); a check asks by host and code.
    .addPrimaryKeyConstraint('certificate_codes_pkey', ['client_id', 'code'])
    .execute();
  await db.schema
    .createIndex('certificate_codes_certificate')
    .on('certificate_codes')
    .column('certificate_id')
    .execute();
  await db.schema.alterTable('course_certificates').addColumn('verification_code', 'text').execute();
  await db.schema.alterTable('course_certificates').addColumn('valid_until', t.timestamp).execute();

  const typed = db as unknown as Kysely<{
    course_certificates: { id: string; client_id: string; issued_at: string; verification_code: string | null };
    certificate_codes: { code: string; client_id: string; certificate_id: string; created_at: string };
  }>;
  for (;;) {
    const rows = await typed
      .selectFrom('course_certificates')
      .select(['id', 'client_id', 'issued_at'])
      .where('verification_code', 'is', null)
      .limit(500)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      const code = newVerificationCode(VERIFICATION_CODE_ALPHABET, VERIFICATION_CODE_LENGTH);
      await typed
        .insertInto('certificate_codes')
        .values({ code, client_id: row.client_id, certificate_id: row.id, created_at: row.issued_at })
        .execute();
      await typed
        .updateTable('course_certificates')
        .set({ verification_code: code })
        .where('id', '=', row.id)
        .execute();
    }
  }
  await db.schema
    .createIndex('course_certificates_verification_code')
    .on('course_certificates')
    .columns(['client_id', 'verification_code'])
    .unique()
    .execute();
}
