// The certificates feature's table (db/migrations 2026-11-23-0009), named in db/database.ts's Database interface.
// Its templates' tables are the templates feature's (templates/certificate/certificate-template.table.ts).

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
