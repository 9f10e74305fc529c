// The certificates feature's tables (db/migrations 2026-11-23-0009), named in db/database.ts's Database interface.

export interface CertificateTemplatesTable {
  id: string;
  client_id: string;
  name: string;
  name_normalized: string;
  created_at: string;
  updated_at: string;
}

/** One locale of a template: its texts and, optionally, its PDF background in storage. */
export interface CertificateTemplateLocalesTable {
  template_id: string;
  locale: string;
  client_id: string;
  subtitle: string;
  body: string;
  background_key: string | null;
  background_file_name: string | null;
  background_size: number | null;
  updated_at: string;
}

/** A user's certificate of one training: the PDF in storage, made in `locale`. */
export interface CourseCertificatesTable {
  id: string;
  client_id: string;
  training_id: string;
  user_id: string;
  locale: string;
  file_key: string;
  file_size: number;
  issued_at: string;
  /** When the file was last made again (regeneration); null: the file is the one first issued. */
  regenerated_at: string | null;
}
