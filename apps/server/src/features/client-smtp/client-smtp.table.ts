// The client-smtp tables' row types, assembled into the Database interface by db/database.ts.

export interface ClientSmtpTable {
  client_id: string;
  from_address: string;
  from_name: string | null;
  host: string;
  port: number;
  is_secure: boolean;
  username: string | null;
  /** AES-256-GCM with a key derived from APP_SECRET (DECISIONS "SMTP"); never leaves the server. */
  password_enc: string | null;
  is_reject_unauthorized: boolean;
  is_enabled: boolean;
  disabled_reason: string | null;
  last_test_at: string | null;
  is_last_test_ok: boolean | null;
  created_at: string;
  updated_at: string;
}
