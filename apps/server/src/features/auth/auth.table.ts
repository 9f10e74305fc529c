// The auth tables' row types, assembled into the Database interface by db/database.ts.

/** Failed logins for names that match no account (db/migrations 0006). */
export interface UnknownLoginFailuresTable {
  client_id: string;
  login_normalized: string;
  failed_count: number;
  locked_until: string | null;
  updated_at: string;
}
