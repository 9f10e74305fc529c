// The groups tables' row types, assembled into the Database interface by db/database.ts.

export interface GroupsTable {
  id: string;
  client_id: string;
  name: string;
  name_normalized: string;
  is_externally_managed: boolean;
  external_id: string | null;
  created_at: string;
  updated_at: string;
}

/** group_members and group_coordinators share this shape. */
export interface GroupLinkTable {
  group_id: string;
  user_id: string;
  client_id: string;
  created_at: string;
}
