import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Issue 33 point 7, the path past one database: on PostgreSQL every tenant table gets client_id in its primary key
 * and in each unique index, and every foreign key between tenant tables carries client_id on both sides. That is
 * what Citus asks of tables distributed by client_id (a key it enforces must include the distribution column; a
 * foreign key between distributed tables must join on it, so both rows live on one node).
 *
 * - Keys keep their leading columns and gain client_id last, (id, client_id) say: a lookup by id alone still walks
 *   the same index, so no query plan changes.
 * - A foreign key (x_id) -> parent(id) becomes (x_id, client_id) -> parent(id, client_id), with the same action.
 *   ON DELETE SET NULL names its own column, `set null (x_id)` (PostgreSQL 15), so client_id is never cleared.
 *   Rows whose client differs from their parent's would make this fail, and the whole migration rolls back: there
 *   are none, the services write a child with its parent's client.
 * - Three columns record who acted (jobs.created_by, user_imports.created_by, client_tokens.created_by_user_id) and
 *   may name a user of another client: a reseller, the SUPERADMIN. No foreign key between two shards can hold
 *   them, so they become plain references, as trainings.created_by always was: ids are never reused, and readers
 *   find no user for a deleted one.
 * - jobs is global (the installation's queue: platform jobs have no client) and keeps its key.
 *
 * SQLite, the one-file default, is never sharded and keeps its keys (rebuilding 42 tables for nothing). It gets a
 * unique index matching PostgreSQL's new key on the five tables whose upserts name their key (ON CONFLICT ... DO
 * UPDATE needs a target on PostgreSQL, and the same statement must find it on SQLite); the other upserts are
 * DO NOTHING and name no target. A frozen copy: no app code.
 *
 * Rolling upgrade: a contract step. Older processes name the old keys in ON CONFLICT and fail on PostgreSQL once
 * this ran, so stop them first (docs/operations.md section 5). It rebuilds every widened key's index with the
 * tables locked: 2.2 s on the bench's 100,000-user client (510,000 participations).
 */
/** Primary keys widened to (key..., client_id): table, constraint, the key's columns before. */
const KEYS: readonly (readonly [string, string, string])[] = [
  ['companies', 'companies_pkey', 'id'],
  ['users', 'users_pkey', 'id'],
  ['sessions', 'sessions_pkey', 'id'],
  ['mail_queue', 'mail_queue_pkey', 'id'],
  ['mail_attempts', 'mail_attempts_pkey', 'id'],
  ['mail_templates', 'mail_templates_pkey', 'id'],
  ['mail_template_locales', 'mail_template_locales_pk', 'template_id, locale'],
  ['groups', 'groups_pkey', 'id'],
  ['group_members', 'group_members_pk', 'group_id, user_id'],
  ['group_coordinators', 'group_coordinators_pk', 'group_id, user_id'],
  ['user_tokens', 'user_tokens_pkey', 'id'],
  ['forgot_username_requests', 'forgot_username_requests_pkey', 'id'],
  ['user_imports', 'user_imports_pkey', 'id'],
  ['user_deletions', 'user_deletions_pkey', 'id'],
  ['courses', 'courses_pkey', 'id'],
  ['course_texts', 'course_texts_pk', 'course_id, locale'],
  ['modules', 'modules_pkey', 'id'],
  ['module_texts', 'module_texts_pk', 'module_id, locale'],
  ['course_files', 'course_files_pkey', 'id'],
  ['scorm_attempts', 'scorm_attempts_pkey', 'id'],
  ['scorm_sco_data', 'scorm_sco_data_pk', 'attempt_id, item_id'],
  ['trainings', 'trainings_pkey', 'id'],
  ['training_groups', 'training_groups_pk', 'training_id, group_id'],
  ['training_participants', 'training_participants_pk', 'training_id, user_id'],
  ['training_module_values', 'training_module_values_pk', 'training_id, user_id, module_id'],
  ['certificate_templates', 'certificate_templates_pkey', 'id'],
  ['certificate_template_locales', 'certificate_template_locales_pk', 'template_id, locale'],
  ['course_certificates', 'course_certificates_pkey', 'id'],
  ['training_reminders', 'training_reminders_pkey', 'id'],
  ['client_contacts', 'client_contacts_pkey', 'id'],
  ['client_tokens', 'client_tokens_pkey', 'id'],
  ['scim_resources', 'scim_resources_pkey', 'id'],
  ['entra_links', 'entra_links_pkey', 'user_id'],
  ['entra_nonces', 'entra_nonces_pkey', 'nonce_hash'],
  ['appointment_requests', 'appointment_requests_pkey', 'id'],
  ['system_messages', 'system_messages_pkey', 'id'],
  ['system_message_groups', 'system_message_groups_pk', 'message_id, group_id'],
  ['system_message_reads', 'system_message_reads_pk', 'message_id, user_id'],
  ['messages', 'messages_pkey', 'id'],
  ['premium_billing_addresses', 'premium_billing_addresses_pkey', 'user_id'],
  ['premium_purchases', 'premium_purchases_pkey', 'id'],
  ['premium_invoices', 'premium_invoices_pkey', 'id'],
];

/** Foreign keys between tenant tables, made (x..., client_id): table, constraint, columns, parent, its key, on delete. */
const FOREIGN_KEYS: readonly (readonly [string, string, string, string, string, string])[] = [
  ['appointment_requests', 'appointment_requests_contact_id_fkey', 'contact_id', 'client_contacts', 'id', 'set null'],
  ['appointment_requests', 'appointment_requests_user_id_fkey', 'user_id', 'users', 'id', 'cascade'],
  [
    'certificate_codes',
    'certificate_codes_certificate_id_fkey',
    'certificate_id',
    'course_certificates',
    'id',
    'cascade',
  ],
  [
    'certificate_template_locales',
    'certificate_template_locales_template_id_fkey',
    'template_id',
    'certificate_templates',
    'id',
    'cascade',
  ],
  ['coordinator_digests', 'coordinator_digests_user_id_fkey', 'user_id', 'users', 'id', 'cascade'],
  ['course_certificates', 'course_certificates_training_id_fkey', 'training_id', 'trainings', 'id', 'cascade'],
  ['course_certificates', 'course_certificates_user_id_fkey', 'user_id', 'users', 'id', 'cascade'],
  ['course_files', 'course_files_course_id_fkey', 'course_id', 'courses', 'id', 'cascade'],
  ['course_texts', 'course_texts_course_id_fkey', 'course_id', 'courses', 'id', 'cascade'],
  ['dashboard_stamps', 'dashboard_stamps_user_id_fkey', 'user_id', 'users', 'id', 'cascade'],
  ['entra_links', 'entra_links_user_id_fkey', 'user_id', 'users', 'id', 'cascade'],
  ['gdpr_retention_warnings', 'gdpr_retention_warnings_user_id_fkey', 'user_id', 'users', 'id', 'cascade'],
  ['group_coordinators', 'group_coordinators_group_id_fkey', 'group_id', 'groups', 'id', 'cascade'],
  ['group_coordinators', 'group_coordinators_user_id_fkey', 'user_id', 'users', 'id', 'cascade'],
  ['group_members', 'group_members_group_id_fkey', 'group_id', 'groups', 'id', 'cascade'],
  ['group_members', 'group_members_user_id_fkey', 'user_id', 'users', 'id', 'cascade'],
  ['learner_dashboards', 'learner_dashboards_user_id_fkey', 'user_id', 'users', 'id', 'cascade'],
  ['mail_attempts', 'mail_attempts_mail_id_fkey', 'mail_id', 'mail_queue', 'id', 'cascade'],
  ['mail_template_locales', 'mail_template_locales_template_id_fkey', 'template_id', 'mail_templates', 'id', 'cascade'],
  ['messages', 'messages_recipient_id_fkey', 'recipient_id', 'users', 'id', 'cascade'],
  ['messages', 'messages_sender_id_fkey', 'sender_id', 'users', 'id', 'set null'],
  ['module_texts', 'module_texts_module_id_fkey', 'module_id', 'modules', 'id', 'cascade'],
  ['modules', 'modules_course_id_fkey', 'course_id', 'courses', 'id', 'cascade'],
  ['premium_billing_addresses', 'premium_billing_addresses_user_id_fkey', 'user_id', 'users', 'id', 'cascade'],
  ['premium_invoices', 'premium_invoices_purchase_id_fkey', 'purchase_id', 'premium_purchases', 'id', 'cascade'],
  ['premium_invoices', 'premium_invoices_user_id_fkey', 'user_id', 'users', 'id', 'cascade'],
  ['premium_purchases', 'premium_purchases_user_id_fkey', 'user_id', 'users', 'id', 'cascade'],
  ['scorm_attempts', 'scorm_attempts_module_id_fkey', 'module_id', 'modules', 'id', 'cascade'],
  ['scorm_attempts', 'scorm_attempts_user_id_fkey', 'user_id', 'users', 'id', 'cascade'],
  ['scorm_sco_data', 'scorm_sco_data_attempt_id_fkey', 'attempt_id', 'scorm_attempts', 'id', 'cascade'],
  ['sessions', 'sessions_user_id_fkey', 'user_id', 'users', 'id', 'cascade'],
  ['system_message_groups', 'system_message_groups_group_id_fkey', 'group_id', 'groups', 'id', 'cascade'],
  ['system_message_groups', 'system_message_groups_message_id_fkey', 'message_id', 'system_messages', 'id', 'cascade'],
  ['system_message_reads', 'system_message_reads_message_id_fkey', 'message_id', 'system_messages', 'id', 'cascade'],
  ['system_message_reads', 'system_message_reads_user_id_fkey', 'user_id', 'users', 'id', 'cascade'],
  ['system_messages', 'system_messages_sender_id_fkey', 'sender_id', 'users', 'id', 'set null'],
  ['training_cycles', 'training_cycles_training_id_fkey', 'training_id', 'trainings', 'id', 'cascade'],
  ['training_cycles', 'training_cycles_user_id_fkey', 'user_id', 'users', 'id', 'cascade'],
  ['training_groups', 'training_groups_group_id_fkey', 'group_id', 'groups', 'id', ''],
  ['training_groups', 'training_groups_training_id_fkey', 'training_id', 'trainings', 'id', 'cascade'],
  ['training_module_values', 'training_module_values_module_id_fkey', 'module_id', 'modules', 'id', 'cascade'],
  [
    'training_module_values',
    'training_module_values_participant',
    'training_id, user_id',
    'training_participants',
    'training_id, user_id',
    'cascade',
  ],
  ['training_participants', 'training_participants_training_id_fkey', 'training_id', 'trainings', 'id', 'cascade'],
  ['training_participants', 'training_participants_user_id_fkey', 'user_id', 'users', 'id', 'cascade'],
  ['training_reminders', 'training_reminders_training_id_fkey', 'training_id', 'trainings', 'id', 'cascade'],
  ['training_reminders', 'training_reminders_user_id_fkey', 'user_id', 'users', 'id', 'cascade'],
  ['trainings', 'trainings_course_id_fkey', 'course_id', 'courses', 'id', ''],
  ['user_tokens', 'user_tokens_user_id_fkey', 'user_id', 'users', 'id', 'cascade'],
  ['users', 'users_company_id_fkey', 'company_id', 'companies', 'id', 'set null'],
  ['validity_notices', 'validity_notices_recipient_id_fkey', 'recipient_id', 'users', 'id', 'cascade'],
  ['validity_notices', 'validity_notices_training_id_fkey', 'training_id', 'trainings', 'id', 'cascade'],
];

/** Unique keys of tenant tables widened to include client_id: table, constraint or index, columns before. */
const UNIQUE_CONSTRAINTS: readonly (readonly [string, string, string])[] = [
  ['sessions', 'sessions_token_hash_key', 'token_hash'],
  ['user_tokens', 'user_tokens_token_hash_key', 'token_hash'],
  ['client_tokens', 'client_tokens_secret_hash_key', 'secret_hash'],
  ['premium_purchases', 'premium_purchases_paypal_order_id_key', 'paypal_order_id'],
  ['premium_invoices', 'premium_invoices_purchase_id_key', 'purchase_id'],
];
const UNIQUE_INDEXES: readonly (readonly [string, string, string])[] = [
  ['training_reminders', 'training_reminders_due', 'training_id, user_id, due_day'],
  ['messages', 'messages_dedupe', 'recipient_id, dedupe_key'],
];

/** Actor references that may cross clients: their foreign keys go. */
const ACTOR_KEYS: readonly (readonly [string, string])[] = [
  ['jobs', 'jobs_created_by_fkey'],
  ['user_imports', 'user_imports_created_by_fkey'],
  ['client_tokens', 'client_tokens_created_by_user_id_fkey'],
];

/** SQLite: the upserts' targets, as unique indexes beside the keys it keeps. */
const SQLITE_UPSERT_KEYS: readonly (readonly [string, string, string])[] = [
  ['scorm_sco_data', 'scorm_sco_data_tenant_key', 'attempt_id, item_id, client_id'],
  ['training_module_values', 'training_module_values_tenant_key', 'training_id, user_id, module_id, client_id'],
  ['certificate_template_locales', 'certificate_template_locales_tenant_key', 'template_id, locale, client_id'],
  ['mail_template_locales', 'mail_template_locales_tenant_key', 'template_id, locale, client_id'],
  ['premium_billing_addresses', 'premium_billing_addresses_tenant_key', 'user_id, client_id'],
];

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  if (dialect === 'sqlite') {
    for (const [table, name, cols] of SQLITE_UPSERT_KEYS)
      await run(`create unique index ${name} on ${table} (${cols})`);
    return;
  }
  for (const [table, name] of ACTOR_KEYS) await run(`alter table ${table} drop constraint ${name}`);
  for (const [table, name] of FOREIGN_KEYS) await run(`alter table ${table} drop constraint ${name}`);
  for (const [table, name, cols] of KEYS) {
    await run(`alter table ${table} drop constraint ${name}`);
    await run(`alter table ${table} add constraint ${name} primary key (${cols}, client_id)`);
  }
  for (const [table, name, cols] of UNIQUE_CONSTRAINTS) {
    await run(`alter table ${table} drop constraint ${name}`);
    await run(`alter table ${table} add constraint ${name} unique (${cols}, client_id)`);
  }
  for (const [table, name, cols] of UNIQUE_INDEXES) {
    await run(`drop index ${name}`);
    await run(`create unique index ${name} on ${table} (${cols}, client_id)`);
  }
  for (const [table, name, cols, parent, key, onDelete] of FOREIGN_KEYS) {
    const action = onDelete === 'set null' ? ` on delete set null (${cols})` : onDelete ? ` on delete ${onDelete}` : '';
    await run(
      `alter table ${table} add constraint ${name} foreign key (${cols}, client_id) ` +
        `references ${parent} (${key}, client_id)${action}`,
    );
  }
}
