// The mail-templates tables' row types, assembled into the Database interface by db/database.ts.

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
