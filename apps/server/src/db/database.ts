import type { Generated, Kysely, Transaction } from 'kysely';
import type { SchedulesTable } from '../platform/schedules.table';
import type {
  CertificateTemplateLocalesTable,
  CertificateTemplatesTable,
  CourseCertificatesTable,
} from '../features/certificates/certificate.table';
import type {
  TrainingGroupsTable,
  TrainingModuleValuesTable,
  TrainingParticipantsTable,
  TrainingsTable,
} from '../features/trainings/training.table';

/**
 * The schema as the code sees it. Booleans are `is_*` columns (converted in one place, db/sqlite-booleans.ts);
 * timestamps are ISO-8601 UTC strings and dates `YYYY-MM-DD` on both databases (ARCHITECTURE section 9).
 */
export interface ClientsTable {
  id: string;
  name: string;
  name_normalized: string;
  platform_domain: string;
  is_platform_active: boolean;
  platform_start: string | null;
  platform_end: string | null;
  colours: string;
  logo_file: string | null;
  logo_mime: string | null;
  support_email: string | null;
  min_password_length: number;
  imprint_type: string | null;
  imprint_value: string | null;
  privacy_policy_type: string | null;
  privacy_policy_value: string | null;
  email_footer: string | null;
  invoice_client_id: string | null;
  reseller_client_id: string | null;
  address_street: string | null;
  address_house_number: string | null;
  address_zip: string | null;
  address_city: string | null;
  is_entra_enabled: boolean;
  entra_client_id: string | null;
  entra_tenant_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface CompaniesTable {
  id: string;
  client_id: string;
  name: string;
  created_at: string;
}

export interface UsersTable {
  id: string;
  client_id: string;
  email: string | null;
  email_normalized: string | null;
  username: string | null;
  username_normalized: string | null;
  first_name: string;
  last_name: string;
  personell_number: string | null;
  password_hash: string | null;
  initial_password_hash: string | null;
  role: string;
  locale: string;
  company_id: string | null;
  gender: string | null;
  birthday: string | null;
  street: string | null;
  city: string | null;
  hired_since: string | null;
  is_active: boolean;
  active_from: string | null;
  active_to: string | null;
  last_login_at: string | null;
  login_type: number;
  is_password_change_required: boolean;
  is_welcome_dialog_seen: boolean;
  password_updated_at: string | null;
  failed_login_count: Generated<number>;
  locked_until: string | null;
  profile_picture: string | null;
  external_id: string | null;
  created_at: string;
  updated_at: string;
  /** Computed by features/users (lower case plus diacritic-folded); null until repaired. */
  search_text: string | null;
  sort_name: string | null;
}

export interface SessionsTable {
  id: string;
  token_hash: string;
  user_id: string;
  client_id: string;
  created_at: string;
  last_seen_at: string;
  ip: string | null;
  user_agent: string | null;
}

export interface GroupsTable {
  id: string;
  client_id: string;
  name: string;
  name_normalized: string;
  is_externally_managed: boolean;
  external_id: string | null;
  created_at: string;
  updated_at: string;
}

/** group_members and group_coordinators share this shape. */
export interface GroupLinkTable {
  group_id: string;
  user_id: string;
  client_id: string;
  created_at: string;
}

export interface UserTokensTable {
  id: string;
  client_id: string;
  user_id: string;
  purpose: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface ForgotUsernameRequestsTable {
  id: string;
  client_id: string;
  name_normalized: string;
  email_normalized: string;
  created_at: string;
}

export interface UserImportsTable {
  id: string;
  client_id: string;
  created_by: string | null;
  file_name: string;
  content: string;
  delimiter: string;
  row_count: number;
  status: string;
  options: string | null;
  job_id: string | null;
  total: Generated<number>;
  done: Generated<number>;
  created_count: Generated<number>;
  skipped_count: Generated<number>;
  failed_count: Generated<number>;
  report: string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
}

export interface UserDeletionsTable {
  id: string;
  client_id: string;
  deleted_at: string;
}

/** ARCHITECTURE section 7: every kind of background work is a row here, claimed by a worker with a lease. */
export interface JobsTable {
  id: string;
  client_id: string | null;
  kind: string;
  status: string;
  payload: string;
  result: string | null;
  last_error: string | null;
  attempts: number;
  max_attempts: number;
  run_at: string;
  lease_until: string | null;
  lease_token: string | null;
  locked_by: string | null;
  heartbeat_at: string | null;
  progress_total: number;
  progress_done: number;
  progress_succeeded: number;
  progress_failed: number;
  created_by: string | null;
  capability: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  updated_at: string;
}

export interface MailQueueTable {
  id: string;
  client_id: string;
  job_id: string | null;
  template_kind: string | null;
  locale: string;
  to_address: string;
  to_address_normalized: string;
  to_name: string | null;
  reply_to: string | null;
  subject: string;
  body_text: string;
  body_html: string;
  status: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string | null;
  sent_at: string | null;
  transport: string | null;
  message_id: string | null;
  /** The mail's secrets (one-time links), sealed with a key from APP_SECRET; put back into the text at delivery. */
  secret_values_enc: string | null;
  /** The stored subject and text show a secret redacted (`…`); the delivered mail carries it. */
  is_redacted: Generated<boolean>;
  created_at: string;
  updated_at: string;
}

export interface MailAttemptsTable {
  id: string;
  client_id: string;
  mail_id: string;
  attempted_at: string;
  outcome: string;
  transport: string;
  smtp_code: number | null;
  response: string | null;
}

export interface MailTemplatesTable {
  id: string;
  client_id: string;
  kind: string;
  name: string;
  /** Equals `kind` for the client's standard template of that kind, else null (unique per client). */
  standard_kind: string | null;
  created_at: string;
  updated_at: string;
}

export interface MailTemplateLocalesTable {
  template_id: string;
  client_id: string;
  locale: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  html_file: string | null;
  html_file_name: string | null;
  updated_at: string;
}

export interface ClientSmtpTable {
  client_id: string;
  from_address: string;
  from_name: string | null;
  host: string;
  port: number;
  is_secure: boolean;
  username: string | null;
  /** AES-256-GCM with a key derived from APP_SECRET (DECISIONS "SMTP"); never leaves the server. */
  password_enc: string | null;
  is_reject_unauthorized: boolean;
  is_enabled: boolean;
  disabled_reason: string | null;
  last_test_at: string | null;
  is_last_test_ok: boolean | null;
  created_at: string;
  updated_at: string;
}

/** Issue 5: a course; template ids are loose (no foreign key) until the template features own their tables. */
export interface CoursesTable {
  id: string;
  client_id: string;
  start_date: string | null;
  deadline: string | null;
  duration_minutes: number | null;
  certificate_template_id: string | null;
  invitation_mail_template_id: string | null;
  reminder_mail_template_id: string | null;
  is_invitation_enabled: boolean;
  is_reminder_active: boolean;
  reminder_from: string | null;
  reminder_until: string | null;
  reminder_interval_days: number | null;
  invoice_product_id: string | null;
  is_active: boolean;
  is_premium: boolean;
  search_text: string;
  created_at: string;
  updated_at: string;
}

export interface CourseTextsTable {
  course_id: string;
  client_id: string;
  locale: string;
  title: string;
  title_sort: string;
  description: string;
}

export interface ModulesTable {
  id: string;
  client_id: string;
  course_id: string;
  position: number;
  kind: string;
  duration_minutes: number;
  is_required: boolean;
  package_key: string;
  file_name: string;
  file_size: number;
  scorm_version: string | null;
  manifest: string | null;
  sco_count: number;
  created_at: string;
  updated_at: string;
}

export interface ModuleTextsTable {
  module_id: string;
  client_id: string;
  locale: string;
  title: string;
}

export interface CourseFilesTable {
  id: string;
  client_id: string;
  course_id: string;
  locale: string;
  file_name: string;
  pdf_key: string;
  pdf_size: number;
  logo_key: string | null;
  logo_mime: string | null;
  created_at: string;
  updated_at: string;
}

export interface ScormAttemptsTable {
  id: string;
  client_id: string;
  kind: string;
  user_id: string;
  training_id: string | null;
  module_id: string;
  status: string;
  success_status: string;
  last_item_id: string | null;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ScormScoDataTable {
  attempt_id: string;
  item_id: string;
  client_id: string;
  cmi: string;
  status: string;
  success_status: string;
  exit: string | null;
  total_time_cs: number;
  time_base_cs: number;
  time_instance: string | null;
  commit_session: string;
  commit_seq: number;
  created_at: string;
  updated_at: string;
}

/** Failed logins for names that match no account (db/migrations 0006). */
export interface UnknownLoginFailuresTable {
  client_id: string;
  login_normalized: string;
  failed_count: number;
  locked_until: string | null;
  updated_at: string;
}

export interface Database {
  clients: ClientsTable;
  companies: CompaniesTable;
  users: UsersTable;
  sessions: SessionsTable;
  jobs: JobsTable;
  mail_queue: MailQueueTable;
  mail_attempts: MailAttemptsTable;
  mail_templates: MailTemplatesTable;
  mail_template_locales: MailTemplateLocalesTable;
  client_smtp: ClientSmtpTable;
  groups: GroupsTable;
  group_members: GroupLinkTable;
  group_coordinators: GroupLinkTable;
  user_tokens: UserTokensTable;
  forgot_username_requests: ForgotUsernameRequestsTable;
  user_imports: UserImportsTable;
  user_deletions: UserDeletionsTable;
  courses: CoursesTable;
  course_texts: CourseTextsTable;
  modules: ModulesTable;
  module_texts: ModuleTextsTable;
  course_files: CourseFilesTable;
  scorm_attempts: ScormAttemptsTable;
  scorm_sco_data: ScormScoDataTable;
  unknown_login_failures: UnknownLoginFailuresTable;
  schedules: SchedulesTable;
  trainings: TrainingsTable;
  training_groups: TrainingGroupsTable;
  training_participants: TrainingParticipantsTable;
  training_module_values: TrainingModuleValuesTable;
  certificate_templates: CertificateTemplatesTable;
  certificate_template_locales: CertificateTemplateLocalesTable;
  course_certificates: CourseCertificatesTable;
}

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
export type DbOrTrx = Db | Trx;
export type Dialect = 'sqlite' | 'postgres';
