import { VERIFICATION_CODE_ALPHABET, VERIFICATION_CODE_LENGTH } from '@lms/contracts/certificates';
import { expect, it } from 'vitest';
import { createClient, createUser } from '../../../test/factories';
import { DIALECTS } from '../../../test/test-db';
import { insertDemoCourse } from '../../features/demo/demo-course';
import { newId } from '../../platform/ids';
import { emptyDatabase, stepMigrator } from './test-empty-database';

// Issue 30 point 2: migration 0029 gives every certificate issued before it a verification code of its own.

for (const dialect of DIALECTS) {
  it(
    `[${dialect}] gives each existing certificate its own code, recorded as issued when the certificate was`,
    { timeout: 60_000 },
    async () => {
      const { handle, drop } = await emptyDatabase(dialect);
      try {
        const { db } = handle;
        const migrator = stepMigrator(db, dialect);
        expect((await migrator.migrateTo('2026-11-28-0028-learner-dashboard-index')).error).toBeUndefined();
        const client = await createClient(db);
        const now = new Date().toISOString();
        const courseId = newId();
        await insertDemoCourse(
          db,
          {
            id: courseId,
            clientId: client.id,
            durationMinutes: 10,
            isPremium: false,
            texts: { 'de-DE': { title: 'Kurs', description: '' } },
          },
          now,
        );
        const issued = ['2025-04-01T08:00:00.000Z', '2025-05-02T09:00:00.000Z'];
        const ids: string[] = [];
        for (const issuedAt of issued) {
          const trainingId = newId();
          await db
            .insertInto('trainings')
            .values({ id: trainingId, client_id: client.id, course_id: courseId, created_at: now, updated_at: now })
            .execute();
          const user = await createUser(db, client);
          const id = newId();
          ids.push(id);
          // The row as a release before 0029 wrote it: no code, no validity.
          await db
            .insertInto('course_certificates')
            .values({
              id,
              client_id: client.id,
              training_id: trainingId,
              user_id: user.id,
              locale: 'de-DE',
              file_key: `k/${id}.pdf`,
              file_size: 1,
              issued_at: issuedAt,
              regenerated_at: null,
            })
            .execute();
        }
        expect((await migrator.migrateToLatest()).error).toBeUndefined();

        const rows = await db
          .selectFrom('course_certificates as cc')
          .innerJoin('certificate_codes as k', 'k.code', 'cc.verification_code')
          .select([
            'cc.id',
            'cc.verification_code',
            'cc.valid_until',
            'k.certificate_id',
            'k.created_at',
            'k.withdrawn_at',
          ])
          .orderBy('cc.issued_at')
          .execute();
        expect(rows.map((r) => r.certificate_id)).toEqual(ids);
        expect(rows.map((r) => new Date(r.created_at).toISOString())).toEqual(issued);
        expect(rows.every((r) => r.valid_until === null && r.withdrawn_at === null)).toBe(true);
        const pattern = new RegExp(`^[${VERIFICATION_CODE_ALPHABET}]{${VERIFICATION_CODE_LENGTH}}$`);
        for (const r of rows) expect(r.verification_code).toMatch(pattern);
        expect(new Set(rows.map((r) => r.verification_code)).size).toBe(2);
      } finally {
        await drop();
      }
    },
  );
}
