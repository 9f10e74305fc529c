import type { Generated } from 'kysely';

// The mail tables' row types, assembled into the Database interface by db/database.ts.

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
