import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaKeys, type TableKeys } from './schema-keys';
import { DIALECTS, createTestDb, type TestDb } from './test-db';

// Issue 33 point 7: the path past one database. PostgreSQL can be sharded by client (Citus distributes a table by
// one column, enforces a primary key or unique index only when it includes that column, and a foreign key between
// two distributed tables only when it joins on it). This test reads the live schema and holds every table to that:
//   - on PostgreSQL, every tenant table has client_id in its primary key and in each unique index, and every
//     foreign key from a tenant table to another carries client_id on both sides (migration 0045). The only
//     exceptions are the GLOBAL_TABLES, each with its reason;
//   - SQLite, the one-file embedded default, is never sharded. It keeps the keys it was made with (widening them
//     would rebuild 42 tables for nothing), listed below as SQLITE_KEYS, and must not grow new ones: a new table
//     meets the rule on both databases, or this test fails.

/** Tables no client owns (Citus: reference tables, or local to the coordinator), each with its reason. */
const GLOBAL_TABLES: Record<string, string> = {
  clients: 'the tenants themselves: the distribution key is their id',
  platform_texts: "the platform's FAQ and About texts per locale, shown to every client",
  schedules: "the installation's recurring jobs (clean-ups, reminders run), one row per schedule",
  rate_limit_hits: 'per-IP and per-account counters; an IP is limited across all clients on purpose',
  jobs: "the installation's work queue, leased by every process; platform jobs (the daily clean-ups) have no client",
  kysely_migration: "the migrator's record of applied migrations",
  kysely_migration_lock: "the migrator's lock row",
};

/** SQLite only: tenant tables keyed without client_id, as made before sharding was a goal. */
const SQLITE_KEYS_ID: readonly string[] = [
  'appointment_requests',
  'certificate_templates',
  'client_contacts',
  'client_tokens',
  'companies',
  'course_certificates',
  'course_files',
  'courses',
  'forgot_username_requests',
  'groups',
  'mail_attempts',
  'mail_queue',
  'mail_templates',
  'messages',
  'modules',
  'premium_invoices',
  'premium_purchases',
  'scim_resources',
  'scorm_attempts',
  'sessions',
  'system_messages',
  'training_reminders',
  'trainings',
  'user_deletions',
  'user_imports',
  'user_tokens',
  'users',
];

/** SQLite only: children and links keyed by their parents' ids. */
const SQLITE_KEYS_OTHER: readonly string[] = [
  'certificate_template_locales',
  'course_texts',
  'module_texts',
  'mail_template_locales',
  'group_members',
  'group_coordinators',
  'training_groups',
  'training_participants',
  'training_module_values',
  'scorm_sco_data',
  'system_message_groups',
  'system_message_reads',
  'entra_links',
  'premium_billing_addresses',
  'entra_nonces',
];

/** SQLite only: unique indexes without client_id, by table and columns. */
const SQLITE_UNIQUES: Record<string, readonly (readonly string[])[]> = {
  sessions: [['token_hash']],
  user_tokens: [['token_hash']],
  client_tokens: [['secret_hash']],
  training_reminders: [['training_id', 'user_id', 'due_day']],
  messages: [['recipient_id', 'dedupe_key']],
  premium_invoices: [['purchase_id']],
  premium_purchases: [['paypal_order_id']],
};

const key = (cols: readonly string[]) => cols.join(',');

for (const dialect of DIALECTS) {
  describe(`tenant keys for sharding by client [${dialect}]`, () => {
    let testDb: TestDb;
    let schema: Map<string, TableKeys>;
    beforeAll(async () => {
      testDb = await createTestDb(dialect);
      schema = await schemaKeys(testDb.db, testDb.dialect);
    });
    afterAll(() => testDb?.drop());

    const sqlite = dialect === 'sqlite';
    const pkGaps = new Set(sqlite ? [...SQLITE_KEYS_ID, ...SQLITE_KEYS_OTHER] : []);
    const uniqueGaps = sqlite ? SQLITE_UNIQUES : {};

    it('every table is global by name or owned by a client (a client_id column)', () => {
      const missing = [...schema]
        .filter(([table, keys]) => !GLOBAL_TABLES[table] && !keys.columns.has('client_id'))
        .map(([table]) => table);
      expect(missing, 'tables with no client_id: add it, or list them as global with the reason').toEqual([]);
      const nullable = [...schema]
        .filter(([table, keys]) => !GLOBAL_TABLES[table] && keys.columns.get('client_id')?.notNull === false)
        .map(([table]) => table)
        .filter((table) => !pkGaps.has(table));
      expect(nullable, 'tenant tables whose client_id may be null').toEqual([]);
    });

    it('every tenant table has client_id in its primary key, apart from the listed gaps', () => {
      const lacking = [...schema]
        .filter(([table, keys]) => !GLOBAL_TABLES[table] && !keys.primaryKey.includes('client_id'))
        .map(([table]) => table)
        .sort();
      expect(
        lacking.filter((t) => !pkGaps.has(t)),
        'new tenant tables must have client_id in their primary key',
      ).toEqual([]);
      expect(
        [...pkGaps].filter((t) => !lacking.includes(t)).sort(),
        'listed for SQLite but meeting the rule (or gone): remove from its list',
      ).toEqual([]);
    });

    it('every unique index of a tenant table includes client_id, apart from the listed gaps', () => {
      const lacking = [...schema]
        .filter(([table]) => !GLOBAL_TABLES[table])
        .flatMap(([table, keys]) =>
          keys.uniques.filter((cols) => !cols.includes('client_id')).map((cols) => `${table}(${key(cols)})`),
        )
        .sort();
      const listed = Object.entries(uniqueGaps)
        .flatMap(([table, indexes]) => indexes.map((cols) => `${table}(${key(cols)})`))
        .sort();
      expect(
        lacking.filter((u) => !listed.includes(u)),
        'new unique indexes must include client_id',
      ).toEqual([]);
      expect(
        listed.filter((u) => !lacking.includes(u)),
        'listed for SQLite but meeting the rule (or gone): remove from SQLITE_UNIQUES',
      ).toEqual([]);
    });

    it.runIf(dialect === 'postgres')('every foreign key between tenant tables joins on client_id', () => {
      const tenant = (t: string) => !GLOBAL_TABLES[t];
      const lacking = [...schema]
        .filter(([table]) => tenant(table))
        .flatMap(([table, keys]) =>
          keys.foreignKeys
            .filter((fk) => tenant(fk.parent))
            .filter((fk) => fk.parentColumns[fk.columns.indexOf('client_id')] !== 'client_id')
            .map((fk) => `${table}(${key(fk.columns)}) -> ${fk.parent}(${key(fk.parentColumns)})`),
        );
      expect(lacking, 'a foreign key between tenant tables must pair client_id with client_id').toEqual([]);
    });

    it('the global tables exist', () => {
      expect(Object.keys(GLOBAL_TABLES).filter((t) => !schema.has(t))).toEqual([]);
    });
  });
}
