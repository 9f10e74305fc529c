import type { Generated } from 'kysely';

// The certificates feature's tables (db/migrations 2026-11-23-0009, 2026-11-29-0029), named in db/database.ts's Database interface.
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
  /** The code its current PDF prints (certificate_codes); null only for a row of an older process mid-upgrade. */
  verification_code: string | null;
  /**
   * Until when the certificate is valid; null: without end. Validity (issue 30 point 1) fills it; the public
   * verification answers "expired" after it.
   */
  valid_until: string | null;
  /** The training cycle it certifies (issue 30 point 1): one certificate per training, user and cycle. */
  cycle: Generated<number>;
}

/** Every code a certificate's PDF ever carried: a re-issued certificate's old code verifies as withdrawn. */
export interface CertificateCodesTable {
  code: string;
  client_id: string;
  certificate_id: string;
  /** When the PDF that carries this code was made: the issue date the public page shows. */
  created_at: string;
  withdrawn_at: string | null;
  /** Why, for the coordinators; the public page shows only "withdrawn". */
  withdrawn_reason: string | null;
}
