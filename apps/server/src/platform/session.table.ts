// The platform tables' row types, assembled into the Database interface by db/database.ts.

export interface SessionsTable {
  id: string;
  token_hash: string;
  user_id: string;
  client_id: string;
  created_at: string;
  last_seen_at: string;
  ip: string | null;
  user_agent: string | null;
}
