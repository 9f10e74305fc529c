import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaKeys, type TableKeys } from './schema-keys';
import { DIALECTS, createTestDb, type TestDb } from './test-db';

// Issue 33 point 7: the path past one database. PostgreSQL can be sharded by client (Citus distributes a table by
// one column and enforces a primary key or unique index only when it includes that column) if every tenant-owned
// table has client_id in its primary key and in each unique index. This test reads the live schema of both dialects
// and holds every table to that, except:
//   - GLOBAL_TABLES: not owned by a client (Citus: reference tables, copied to every node), each with its reason;
//   - the KNOWN GAPS: tenant tables that do not meet the rule yet. Most were keyed by a random UUIDv7 `id` alone
//     before sharding was a goal; widening their keys to (client_id, id) means every foreign key that references
//     them becomes (client_id, x_id) and, on SQLite, a rebuild of each table. That is one migration per group of
//     tables still to be written (docs/operations.md "Sharding by client").
// A new table meets the rule or the test fails; a gap that is closed must leave its list (the test says so).

/** Tables no client owns. */
const GLOBAL_TABLES: Record<string, string> = {
  clients: 'the tenants themselves: the distribution key is their id',
  platform_texts: "the platform's FAQ and About texts per locale, shown to every client",
  schedules: "the installation's recurring jobs (clean-ups, reminders run), one row per schedule",
  rate_limit_hits: 'per-IP and per-account counters; an IP is limited across all clients on purpose',
  kysely_migration: "the migrator's record of applied migrations",
  kysely_migration_lock: "the migrator's lock row",
};

/**
 * Tenant tables whose primary key lacks client_id: the known gap. Keyed by their own random id (UUIDv7), unique
 * across clients, with child tables referencing (id).
 */
const PRIMARY_KEY_GAPS_ID: readonly string[] = [
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

/** Tenant tables whose primary key lacks client_id for a reason of their own: the known gap. */
const PRIMARY_KEY_GAPS_OTHER: Record<string, string> = {
  jobs: 'keyed by id, and platform jobs (the daily clean-ups) have no client: client_id is null for them',
  certificate_template_locales: "(template_id, locale): a child keyed by its parent's id",
  course_texts: "(course_id, locale): a child keyed by its parent's id",
  module_texts: "(module_id, locale): a child keyed by its parent's id",
  mail_template_locales: "(template_id, locale): a child keyed by its parent's id",
  group_members: '(group_id, user_id): a link keyed by its two ids',
  group_coordinators: '(group_id, user_id): a link keyed by its two ids',
  training_groups: '(training_id, group_id): a link keyed by its two ids',
  training_participants: '(training_id, user_id): a link keyed by its two ids',
  training_module_values: '(training_id, user_id, module_id): keyed by its participation',
  scorm_sco_data: "(attempt_id, item_id): a child keyed by its attempt's id",
  system_message_groups: '(message_id, group_id): a link keyed by its two ids',
  system_message_reads: '(message_id, user_id): a link keyed by its two ids',
  entra_links: '(user_id): one link per user',
  premium_billing_addresses: '(user_id): one address per user',
  entra_nonces: "(nonce_hash): a sign-in's nonce, looked up by its hash alone",
};

/** Unique indexes of tenant tables without client_id: the known gap, by table and columns. */
const UNIQUE_GAPS: Record<string, readonly (readonly string[])[]> = {
  // Looked up by the hash of a secret the caller presents; the lookup would have to carry the host's client first.
  sessions: [['token_hash']],
  user_tokens: [['token_hash']],
  client_tokens: [['secret_hash']],
  // One per participation, attempt or day: the ids are unique across clients already.
  training_reminders: [['training_id', 'user_id', 'due_day']],
  messages: [['recipient_id', 'dedupe_key']],
  premium_invoices: [['purchase_id']],
  // PayPal's order id is unique at PayPal; a webhook finds the purchase by it.
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

    const pkGaps = new Set([...PRIMARY_KEY_GAPS_ID, ...Object.keys(PRIMARY_KEY_GAPS_OTHER)]);

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
        'listed as a gap but meeting the rule (or gone): remove from the gap list',
      ).toEqual([]);
    });

    it('every unique index of a tenant table includes client_id, apart from the listed gaps', () => {
      const lacking = [...schema]
        .filter(([table]) => !GLOBAL_TABLES[table])
        .flatMap(([table, keys]) =>
          keys.uniques.filter((cols) => !cols.includes('client_id')).map((cols) => `${table}(${key(cols)})`),
        )
        .sort();
      const listed = Object.entries(UNIQUE_GAPS)
        .flatMap(([table, indexes]) => indexes.map((cols) => `${table}(${key(cols)})`))
        .sort();
      expect(
        lacking.filter((u) => !listed.includes(u)),
        'new unique indexes must include client_id',
      ).toEqual([]);
      expect(
        listed.filter((u) => !lacking.includes(u)),
        'listed as a gap but meeting the rule (or gone): remove from UNIQUE_GAPS',
      ).toEqual([]);
    });

    it('the global tables exist', () => {
      expect(Object.keys(GLOBAL_TABLES).filter((t) => !schema.has(t))).toEqual([]);
    });
  });
}
