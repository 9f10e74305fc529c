// The client-tokens table's row type, assembled into the Database interface by db/database.ts.

/** DECISIONS "secret tokens": the secret itself is never stored, only its SHA-256. */
export interface ClientTokensTable {
  id: string;
  client_id: string;
  name: string;
  secret_hash: string;
  /** Valid through this UTC day (`YYYY-MM-DD`); null: no expiry. */
  expires_on: string | null;
  is_active: boolean;
  created_by_user_id: string | null;
  created_by_name: string;
  created_at: string;
  last_accessed_at: string | null;
  invalidated_at: string | null;
}
