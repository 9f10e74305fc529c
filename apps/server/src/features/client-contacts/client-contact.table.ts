// The client-contacts table's row type, assembled into the Database interface by db/database.ts.

/** Spec section 3 "contacts (responsibility, first name, last name, phone, e-mail)" of a client. */
export interface ClientContactsTable {
  id: string;
  client_id: string;
  responsibility: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  email: string | null;
  created_at: string;
  updated_at: string;
}
