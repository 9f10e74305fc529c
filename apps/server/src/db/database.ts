import type { Kysely, Transaction } from 'kysely';
import type { UserTokensTable, ForgotUsernameRequestsTable } from '../features/account/account.table';
import type { UnknownLoginFailuresTable } from '../features/auth/auth.table';
import type { ClientSmtpTable } from '../features/client-smtp/client-smtp.table';
import type { ClientSettingsTable, ClientsTable } from '../features/clients/client.table';
import type { ClientContactsTable } from '../features/client-contacts/client-contact.table';
import type { ClientTokensTable } from '../features/client-tokens/client-token.table';
import type { CompaniesTable } from '../features/companies/company.table';
import type { CourseFilesTable } from '../features/course-files/course-file.table';
import type { ClientLegalPdfsTable } from '../features/legal-texts/legal-text.table';
import type { PlatformTextsTable } from '../features/platform-texts/platform-text.table';
import type { CoursesTable, CourseTextsTable } from '../features/courses/course.table';
import type { GroupsTable, GroupLinkTable } from '../features/groups/group.table';
import type { MailTemplatesTable, MailTemplateLocalesTable } from '../features/templates/mail/mail-template.table';
import type { MailQueueTable, MailAttemptsTable } from '../features/mail/mail.table';
import type { ModulesTable, ModuleTextsTable } from '../features/modules/module.table';
import type { ScormAttemptsTable, ScormScoDataTable } from '../features/scorm-runtime/scorm-runtime.table';
import type { ScimResourcesTable } from '../features/scim/scim.table';
import type { EntraLinksTable, EntraNoncesTable } from '../features/entra-login/entra-login.table';
import type { UserImportsTable } from '../features/user-import/user-import.table';
import type { UsersTable, UserDeletionsTable } from '../features/users/user.table';
import type { JobsTable } from '../platform/jobs.table';
import type { SessionsTable } from '../platform/session.table';
import type { SchedulesTable } from '../platform/schedules.table';
import type { RateLimitHitsTable } from '../platform/rate-limit.table';
import type { AuditEntriesTable, AuditHeadsTable } from '../platform/audit/audit.table';
import type { GdprErasuresTable, GdprExportsTable, GdprRetentionWarningsTable } from '../features/gdpr/gdpr.table';
import type { CertificateCodesTable, CourseCertificatesTable } from '../features/certificates/certificate.table';
import type {
  CertificateTemplateLocalesTable,
  CertificateTemplatesTable,
} from '../features/templates/certificate/certificate-template.table';
import type {
  TrainingGroupsTable,
  TrainingCyclesTable,
  TrainingModuleValuesTable,
  TrainingParticipantsTable,
  TrainingsTable,
} from '../features/trainings/training.table';
import type { TrainingRemindersTable } from '../features/reminders/reminder.table';
import type { ValidityNoticesTable } from '../features/recertification/recertification.table';
import type {
  ReportCompletionWeeksTable,
  ReportCountsTable,
  ReportValidityDaysTable,
} from '../features/reports/reports.table';
import type { CoordinatorDigestsTable } from '../features/digest/digest.table';
import type {
  DashboardCatalogStampsTable,
  DashboardStampsTable,
  LearnerDashboardsTable,
} from '../features/trainings/learner-dashboard.table';
import type {
  PaypalWebhookEventsTable,
  PremiumBillingAddressesTable,
  PremiumInvoicesTable,
  PremiumPurchasesTable,
  PremiumSettingsTable,
} from '../features/premium/premium.table';
import type { AppointmentRequestsTable } from '../features/contact-persons/appointment.table';
import type {
  MessagesTable,
  SystemMessageGroupsTable,
  SystemMessageReadsTable,
  SystemMessagesTable,
} from '../features/messages/message.table';

/**
 * Each feature keeps its tables' row types in its own `<feature>.table.ts` (as Kysely's example app does); this file
 * assembles them into the one Database interface. The re-exports keep `import type { UsersTable } from
 * '../db/database'` working for code that reads a table it does not own the file of.
 */
export type { UserTokensTable, ForgotUsernameRequestsTable } from '../features/account/account.table';
export type { UnknownLoginFailuresTable } from '../features/auth/auth.table';
export type { ClientSmtpTable } from '../features/client-smtp/client-smtp.table';
export type { ClientSettingsTable, ClientsTable } from '../features/clients/client.table';
export type { ClientContactsTable } from '../features/client-contacts/client-contact.table';
export type { ClientTokensTable } from '../features/client-tokens/client-token.table';
export type { CompaniesTable } from '../features/companies/company.table';
export type { CourseFilesTable } from '../features/course-files/course-file.table';
export type { ClientLegalPdfsTable } from '../features/legal-texts/legal-text.table';
export type { PlatformTextsTable } from '../features/platform-texts/platform-text.table';
export type { CoursesTable, CourseTextsTable } from '../features/courses/course.table';
export type { GroupsTable, GroupLinkTable } from '../features/groups/group.table';
export type { MailTemplatesTable, MailTemplateLocalesTable } from '../features/templates/mail/mail-template.table';
export type { MailQueueTable, MailAttemptsTable } from '../features/mail/mail.table';
export type { ModulesTable, ModuleTextsTable } from '../features/modules/module.table';
export type { ScormAttemptsTable, ScormScoDataTable } from '../features/scorm-runtime/scorm-runtime.table';
export type { UserImportsTable } from '../features/user-import/user-import.table';
export type { UsersTable, UserDeletionsTable } from '../features/users/user.table';
export type { JobsTable } from '../platform/jobs.table';
export type { SessionsTable } from '../platform/session.table';

export interface Database {
  clients: ClientsTable;
  companies: CompaniesTable;
  client_settings: ClientSettingsTable;
  client_contacts: ClientContactsTable;
  client_tokens: ClientTokensTable;
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
  rate_limit_hits: RateLimitHitsTable;
  trainings: TrainingsTable;
  training_groups: TrainingGroupsTable;
  training_participants: TrainingParticipantsTable;
  training_module_values: TrainingModuleValuesTable;
  training_cycles: TrainingCyclesTable;
  validity_notices: ValidityNoticesTable;
  report_counts: ReportCountsTable;
  report_completion_weeks: ReportCompletionWeeksTable;
  report_validity_days: ReportValidityDaysTable;
  learner_dashboards: LearnerDashboardsTable;
  dashboard_stamps: DashboardStampsTable;
  dashboard_catalog_stamps: DashboardCatalogStampsTable;
  coordinator_digests: CoordinatorDigestsTable;
  training_reminders: TrainingRemindersTable;
  certificate_templates: CertificateTemplatesTable;
  certificate_template_locales: CertificateTemplateLocalesTable;
  course_certificates: CourseCertificatesTable;
  certificate_codes: CertificateCodesTable;
  client_legal_pdfs: ClientLegalPdfsTable;
  platform_texts: PlatformTextsTable;
  premium_settings: PremiumSettingsTable;
  premium_billing_addresses: PremiumBillingAddressesTable;
  premium_purchases: PremiumPurchasesTable;
  premium_invoices: PremiumInvoicesTable;
  paypal_webhook_events: PaypalWebhookEventsTable;
  scim_resources: ScimResourcesTable;
  entra_links: EntraLinksTable;
  entra_nonces: EntraNoncesTable;
  appointment_requests: AppointmentRequestsTable;
  system_messages: SystemMessagesTable;
  system_message_groups: SystemMessageGroupsTable;
  system_message_reads: SystemMessageReadsTable;
  messages: MessagesTable;
  audit_entries: AuditEntriesTable;
  audit_heads: AuditHeadsTable;
  gdpr_exports: GdprExportsTable;
  gdpr_erasures: GdprErasuresTable;
  gdpr_retention_warnings: GdprRetentionWarningsTable;
}

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
export type DbOrTrx = Db | Trx;
export type Dialect = 'sqlite' | 'postgres';
