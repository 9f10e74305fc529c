import type { Generated } from 'kysely';

// The users tables' row types, assembled into the Database interface by db/database.ts.

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
  /** Issue 31 point 4: the coordinator's weekly digest (their own switch on the account page; on by default). */
  is_digest_enabled: Generated<boolean>;
  password_updated_at: string | null;
  failed_login_count: Generated<number>;
  locked_until: string | null;
  profile_picture: string | null;
  external_id: string | null;
  created_at: string;
  updated_at: string;
  /** Computed by features/users (lower case plus diacritic-folded); null until repaired. */
  search_text: string | null;
  sort_name: string | null;
}

export interface UserDeletionsTable {
  id: string;
  client_id: string;
  deleted_at: string;
}
