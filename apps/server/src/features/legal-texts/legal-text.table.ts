// The legal texts' row types, assembled into the Database interface by db/database.ts.

/** An uploaded PDF of a client's imprint or privacy policy (kind 'imprint' | 'privacy-policy'). */
export interface ClientLegalPdfsTable {
  client_id: string;
  kind: string;
  storage_key: string;
  file_name: string;
  size: number;
  uploaded_at: string;
}
