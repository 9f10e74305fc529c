// The Entra sign-in tables' row types, assembled into the Database interface by db/database.ts.

/** A user's Entra account: tenant id (tid) and object id (oid). */
export interface EntraLinksTable {
  user_id: string;
  client_id: string;
  tenant_id: string;
  object_id: string;
  created_at: string;
}

/** A sign-in nonce, stored as its SHA-256, single use. */
export interface EntraNoncesTable {
  nonce_hash: string;
  client_id: string;
  expires_at: string;
  used_at: string | null;
}
