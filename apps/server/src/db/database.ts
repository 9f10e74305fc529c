import type { Generated, Kysely, Transaction } from 'kysely';

/**
 * The schema as the code sees it. Booleans are `is_*` columns (converted in one place, db/sqlite-booleans.ts);
 * timestamps are ISO-8601 UTC strings and dates `YYYY-MM-DD` on both databases (ARCHITECTURE section 9).
 */
export interface ClientsTable {
  id: string;
  name: string;
  name_normalized: string;
  platform_domain: string;
  is_platform_active: boolean;
  platform_start: string | null;
  platform_end: string | null;
  colours: string;
  logo_file: string | null;
  logo_mime: string | null;
  support_email: string | null;
  min_password_length: number;
  imprint_type: string | null;
  imprint_value: string | null;
  privacy_policy_type: string | null;
  privacy_policy_value: string | null;
  email_footer: string | null;
  invoice_client_id: string | null;
  reseller_client_id: string | null;
  address_street: string | null;
  address_house_number: string | null;
  address_zip: string | null;
  address_city: string | null;
  is_entra_enabled: boolean;
  entra_client_id: string | null;
  entra_tenant_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface CompaniesTable {
  id: string;
  client_id: string;
  name: string;
  created_at: string;
}

export interface UsersTable {
  id: string;
  client_id: string;
  email: string | null;
  email_normalized: string | null;
  username: string | null;
  username_normalized: string | null;
  first_name: string;
  last_name: string;
  personell_number: string | null;
  password_hash: string | null;
  initial_password_hash: string | null;
  role: string;
  locale: string;
  company_id: string | null;
  gender: string | null;
  birthday: string | null;
  street: string | null;
  city: string | null;
  hired_since: string | null;
  is_active: boolean;
  active_from: string | null;
  active_to: string | null;
  last_login_at: string | null;
  login_type: number;
  is_password_change_required: boolean;
  is_welcome_dialog_seen: boolean;
  password_updated_at: string | null;
  failed_login_count: Generated<number>;
  locked_until: string | null;
  profile_picture: string | null;
  external_id: string | null;
  created_at: string;
  updated_at: string;
}

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

export interface Database {
  clients: ClientsTable;
  companies: CompaniesTable;
  users: UsersTable;
  sessions: SessionsTable;
}

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
export type DbOrTrx = Db | Trx;
export type Dialect = 'sqlite' | 'postgres';
