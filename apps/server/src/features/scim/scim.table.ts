// The SCIM feature's table row type, assembled into the Database interface by db/database.ts.

/** A SCIM-managed user or group as its directory last wrote it (JSON text, without id, meta and secrets). */
export interface ScimResourcesTable {
  id: string;
  client_id: string;
  resource_type: 'User' | 'Group';
  data: string;
  version: number;
  created_at: string;
  updated_at: string;
}
