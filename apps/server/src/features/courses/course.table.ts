import type { Generated } from 'kysely';

// The courses tables' row types, assembled into the Database interface by db/database.ts.

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
  /** Issue 30 point 1: months a completion holds (null: for ever) and the renewal window's days before its end. */
  validity_months: number | null;
  renewal_days: Generated<number>;
  /** Issue 32 point 3: the stored cover (WebP, a fresh key per upload); null: the generated pattern. */
  cover_key: Generated<string | null>;
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
