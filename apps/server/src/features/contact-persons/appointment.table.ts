// The appointment requests' row type, assembled into the Database interface by db/database.ts.

/** DECISIONS "appointments": a request as it was sent, with the contact person's name and address at that time. */
export interface AppointmentRequestsTable {
  id: string;
  client_id: string;
  user_id: string;
  contact_id: string | null;
  contact_name: string;
  contact_email: string;
  type: string;
  first_date: string;
  second_date: string;
  time_of_day: string;
  email: string | null;
  phone: string | null;
  message: string | null;
  mail_id: string | null;
  created_at: string;
}
