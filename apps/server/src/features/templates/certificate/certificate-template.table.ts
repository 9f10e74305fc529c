import type { Generated } from 'kysely';

// The certificate templates' tables (db/migrations 2026-11-23-0009), named in db/database.ts's Database interface.

export interface CertificateTemplatesTable {
  id: string;
  client_id: string;
  name: string;
  name_normalized: string;
  /** Issue 32 point 2 (migration 0035): a design of certificate-designs.ts; null: the plain framed page. */
  design: string | null;
  orientation: Generated<string>;
  /** JSON: up to two `{ name, role, imageKey }` in slot order (certificate-signatories.ts). */
  signatories: Generated<string>;
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
