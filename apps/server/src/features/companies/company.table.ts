// The companies table's row type, assembled into the Database interface by db/database.ts.

export interface CompaniesTable {
  id: string;
  client_id: string;
  name: string;
  /** The trimmed lower-case name: unique per client, so "Acme" and "ACME" are one company. */
  name_normalized: string;
  created_at: string;
}
