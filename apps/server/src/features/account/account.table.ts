// The account tables' row types, assembled into the Database interface by db/database.ts.

export interface UserTokensTable {
  id: string;
  client_id: string;
  user_id: string;
  purpose: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface ForgotUsernameRequestsTable {
  id: string;
  client_id: string;
  name_normalized: string;
  email_normalized: string;
  created_at: string;
}
