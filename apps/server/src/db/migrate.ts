import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db, Dialect } from './database';
import * as m0001 from './migrations/2026-11-22-0001-foundation';
import * as m0002 from './migrations/2026-11-22-0002-jobs-mail';
import * as m0003 from './migrations/2026-11-22-0003-users-groups';
import * as m0004 from './migrations/2026-11-22-0004-content';
import * as m0005 from './migrations/2026-11-22-0005-mail-secrets';
import * as m0006 from './migrations/2026-11-23-0006-login-failures';
import * as m0007 from './migrations/2026-11-23-0007-schedules';
import * as m0008 from './migrations/2026-11-23-0008-trainings';
import * as m0009 from './migrations/2026-11-23-0009-certificates';
import * as m0010 from './migrations/2026-11-23-0010-reminders';
import * as m0011 from './migrations/2026-11-23-0011-training-stats';
import * as m0012 from './migrations/2026-11-25-0012-clients';
import * as m0013 from './migrations/2026-11-25-0013-legal-texts';
import * as m0014 from './migrations/2026-11-25-0014-contacts-tokens';
import * as m0015 from './migrations/2026-11-25-0015-participant-counts';
import * as m0018 from './migrations/2026-11-25-0018-rate-limits';
import * as m0024 from './migrations/2026-11-25-0024-premium';
import * as m0020 from './migrations/2026-11-25-0020-scim';
import * as m0021 from './migrations/2026-11-25-0021-entra-login';
import * as m0022 from './migrations/2026-11-25-0022-appointments';
import * as m0023 from './migrations/2026-11-25-0023-messages';
import * as m0025 from './migrations/2026-11-25-0025-list-plans';
import * as m0026 from './migrations/2026-11-26-0026-mail-default-texts';
import * as m0027 from './migrations/2026-11-28-0027-paypal-events-per-client';
import * as m0028 from './migrations/2026-11-28-0028-learner-dashboard-index';
import * as m0029 from './migrations/2026-11-29-0029-certificate-verification';
import * as m0030 from './migrations/2026-11-29-0030-audit-trail';
import * as m0031 from './migrations/2026-11-29-0031-recertification';
import * as m0032 from './migrations/2026-11-29-0032-gdpr';
import * as m0033 from './migrations/2026-11-30-0033-glossary-texts';
import * as m0034 from './migrations/2026-12-01-0034-module-results';
import * as m0035 from './migrations/2026-12-02-0035-certificate-designs';
import * as m0037 from './migrations/2026-12-02-0037-course-covers';
import * as m0039 from './migrations/2026-12-02-0039-report-counts';
import * as m0041 from './migrations/2026-12-02-0041-coordinator-digest';
import * as m0042 from './migrations/2026-12-02-0042-report-validity-days';
import * as m0043 from './migrations/2026-12-03-0043-learner-dashboards';
import * as m0044 from './migrations/2026-12-03-0044-report-triggers-per-statement';
import * as m0045 from './migrations/2026-12-03-0045-tenant-keys';

/** Migrations are listed here (not read from the folder) so they bundle and run the same under tsx and vitest. */
export const migrations = (dialect: Dialect): Record<string, Migration> => ({
  '2026-11-22-0001-foundation': { up: (db) => m0001.up(db, dialect) },
  '2026-11-22-0002-jobs-mail': { up: (db) => m0002.up(db, dialect) },
  '2026-11-22-0003-users-groups': { up: (db) => m0003.up(db, dialect) },
  '2026-11-22-0004-content': { up: (db) => m0004.up(db, dialect) },
  '2026-11-22-0005-mail-secrets': { up: (db) => m0005.up(db, dialect) },
  '2026-11-23-0006-login-failures': { up: (db) => m0006.up(db, dialect) },
  '2026-11-23-0007-schedules': { up: (db) => m0007.up(db, dialect) },
  '2026-11-23-0008-trainings': { up: (db) => m0008.up(db, dialect) },
  '2026-11-23-0009-certificates': { up: (db) => m0009.up(db, dialect) },
  '2026-11-23-0010-reminders': { up: (db) => m0010.up(db, dialect) },
  '2026-11-23-0011-training-stats': { up: (db) => m0011.up(db) },
  '2026-11-25-0012-clients': { up: (db) => m0012.up(db, dialect) },
  '2026-11-25-0013-legal-texts': { up: (db) => m0013.up(db, dialect) },
  '2026-11-25-0014-contacts-tokens': { up: (db) => m0014.up(db, dialect) },
  '2026-11-25-0015-participant-counts': { up: (db) => m0015.up(db) },
  '2026-11-25-0018-rate-limits': { up: (db) => m0018.up(db, dialect) },
  '2026-11-25-0024-premium': { up: (db) => m0024.up(db, dialect) },
  '2026-11-25-0020-scim': { up: (db) => m0020.up(db, dialect) },
  '2026-11-25-0021-entra-login': { up: (db) => m0021.up(db, dialect) },
  '2026-11-25-0022-appointments': { up: (db) => m0022.up(db, dialect) },
  '2026-11-25-0023-messages': { up: (db) => m0023.up(db, dialect) },
  '2026-11-25-0025-list-plans': { up: (db) => m0025.up(db) },
  '2026-11-26-0026-mail-default-texts': { up: (db) => m0026.up(db) },
  '2026-11-28-0027-paypal-events-per-client': { up: (db) => m0027.up(db, dialect) },
  '2026-11-28-0028-learner-dashboard-index': { up: (db) => m0028.up(db) },
  '2026-11-29-0029-certificate-verification': { up: (db) => m0029.up(db, dialect) },
  '2026-11-29-0030-audit-trail': { up: (db) => m0030.up(db, dialect) },
  '2026-11-29-0031-recertification': { up: (db) => m0031.up(db, dialect) },
  '2026-11-29-0032-gdpr': { up: (db) => m0032.up(db, dialect) },
  '2026-11-30-0033-glossary-texts': { up: (db) => m0033.up(db) },
  '2026-12-01-0034-module-results': { up: (db) => m0034.up(db) },
  '2026-12-02-0035-certificate-designs': { up: (db) => m0035.up(db) },
  '2026-12-02-0037-course-covers': { up: (db) => m0037.up(db) },
  '2026-12-02-0039-report-counts': { up: (db) => m0039.up(db, dialect) },
  '2026-12-02-0041-coordinator-digest': { up: (db) => m0041.up(db, dialect) },
  '2026-12-02-0042-report-validity-days': { up: (db) => m0042.up(db, dialect) },
  '2026-12-03-0043-learner-dashboards': { up: (db) => m0043.up(db, dialect) },
  '2026-12-03-0044-report-triggers-per-statement': { up: (db) => m0044.up(db, dialect) },
  '2026-12-03-0045-tenant-keys': { up: (db) => m0045.up(db, dialect) },
});

/** The migrations a database records as applied (none when it was never migrated). */
async function executedMigrations(db: Db): Promise<string[]> {
  try {
    return (
      await db
        .selectFrom('kysely_migration' as never)
        .select('name' as never)
        .execute()
    ).map((r) => (r as { name: string }).name);
  } catch {
    return []; // no migration table yet: a new database
  }
}

/**
 * Migrates to this release's newest schema. Answers the applied migrations this release does not know: a newer
 * release has migrated the database during a rolling upgrade (docs/operations.md section 5). This release's own
 * migrations are then all applied, and the newer ones only expanded the schema, so it starts on it as it is;
 * Kysely's migrator would refuse ("previously executed migration ... is missing") and keep a restarted old process
 * out of the rollout.
 */
export async function migrateToLatest(db: Db, dialect: Dialect): Promise<{ newer: string[] }> {
  const known = migrations(dialect);
  const executed = await executedMigrations(db);
  const newer = executed.filter((name) => !Object.hasOwn(known, name));
  if (newer.length > 0) {
    const pending = Object.keys(known).filter((name) => !executed.includes(name));
    if (pending.length === 0) return { newer };
    throw new Error(
      `The database has migrations this release does not know (${newer.join(', ')}) and lacks some it has ` +
        `(${pending.join(', ')}): start the release that made it, or restore a backup of this release.`,
    );
  }
  const provider: MigrationProvider = { getMigrations: () => Promise.resolve(known) };
  // Work lands from parallel branches: a migration named before one already applied (each touches its own tables)
  // must still run on a database that took the later one first, instead of refusing to start.
  const { error, results } = await new Migrator({ db, provider, allowUnorderedMigrations: true }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
  return { newer: [] };
}
