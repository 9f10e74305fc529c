import { z } from 'zod';

/**
 * The closed error catalogue (spec section 8). Every API error answers
 * `{ error: <code>, message: <english text>, details? }`; the web app shows the translated text of the code.
 */
export const ERROR_CODES = [
  // generic
  'bad_request',
  'validation_failed',
  'unauthorized',
  'session_expired',
  'access_token_expired',
  'forbidden',
  'not_found',
  'client_not_found',
  'conflict',
  'method_not_allowed',
  'rate_limited',
  'payload_too_large',
  'unknown_error',
  'database_busy',
  'storage_unavailable',
  'platform_inactive',
  // login and account
  'login_failed',
  'login_locked',
  'login_not_allowed',
  'account_not_found',
  'password_change_required',
  'password_wrong_current',
  'password_too_short',
  'password_too_long',
  'password_too_weak',
  'password_common',
  'password_contains_identity',
  'password_same_as_initial',
  'password_mismatch',
  'activation_failed',
  'reset_link_expired',
  'email_taken',
  'username_taken',
  'forgot_username_already_requested',
  'forgot_username_name_required',
  // users and groups
  'users_not_same_count',
  'no_users_selected',
  'no_action_selected',
  'cannot_delete_self',
  'cannot_change_own_status',
  'higher_rank',
  'role_change_not_allowed',
  'externally_managed',
  'group_in_use',
  'group_coordinator_leave',
  'group_name_taken',
  'group_required',
  'user_login_required',
  'csv_invalid',
  'csv_encoding',
  'import_already_started',
  // content
  'course_in_use',
  'mail_template_not_found',
  'certificate_template_not_found',
  'certificate_template_in_use',
  'certificate_background_unreadable',
  'certificate_signature_unreadable',
  'training_in_use',
  'upload_failed',
  'invalid_multipart',
  'upload_incomplete',
  'unknown_file_type',
  'scorm_invalid',
  'scorm_data_invalid',
  'scorm_stale_commit',
  'launch_expired',
  // mail and reminders
  'template_placeholder_unknown',
  'template_section_invalid',
  'template_remote_resource',
  'template_link_position',
  'smtp_test_failed',
  'smtp_host_not_allowed',
  'reminder_too_soon',
  'reminder_no_template',
  'reminder_course_inactive',
  'reminder_course_outside_dates',
  'reminder_user_completed',
  'reminder_user_optional',
  'mail_send_failed',
  // trainings
  'module_locked',
  'training_has_progress',
  // contact persons, appointments and messages (issue 14)
  'appointment_second_date_before_first',
  'appointment_date_past',
  'appointment_reach_missing',
  'contact_person_no_email',
  'message_groups_required',
  'message_recipient_self',
  // client contacts, companies and tokens
  'client_contacts_limit',
  'company_name_taken',
  'company_in_use',
  'client_token_expiry_past',
  'client_token_invalid',
  // Entra ID sign-in (issue 13, spec section 8 "single sign-on")
  'entra_not_available',
  'entra_token_invalid',
  'entra_client_unknown',
  'entra_user_not_synchronised',
  // clients (issue 11)
  'client_name_taken',
  'platform_domain_taken',
  'platform_domain_invalid',
  'platform_domain_content_origin',
  'client_licence_read_only',
  'logo_type_not_allowed',
  'reseller_role_needs_reseller_client',
  // legal texts
  'legal_text_url_not_https',
  'legal_text_value_required',
  'legal_text_no_pdf',
  'legal_text_not_pdf',
  // premium (issue 14)
  'premium_not_available',
  'premium_required',
  'premium_purchase_pending',
  'paypal_unavailable',
  'purchase_not_pending',
  'webhook_invalid',
] as const;

export type TErrorCode = (typeof ERROR_CODES)[number];

export const ZErrorCode = z.enum(ERROR_CODES);

export const ZApiError = z.object({
  error: ZErrorCode,
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type TApiError = z.infer<typeof ZApiError>;

/** HTTP status used with 399 by the platform: a SCIM user's identity-provider access token expired. */
export const STATUS_ACCESS_TOKEN_EXPIRED = 399;
