// The clients tables' row types, assembled into the Database interface by db/database.ts.

import type { Generated } from 'kysely';

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
  /** Only a SUPERADMIN sets it (DECISIONS "Clients"); RESELLER users of such a client manage its resold clients. */
  is_reseller: Generated<boolean>;
  /** Users deleted so far, counted in the deleting transaction (the rows are gone; the overview shows the figure). */
  deleted_users_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** Spec section 7 "client settings (key, subkey)": one JSON value per client, key and subkey ('' when none). */
export interface ClientSettingsTable {
  client_id: string;
  key: string;
  subkey: string;
  value: string;
  updated_at: string;
}
