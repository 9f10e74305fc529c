// The recertification feature's table (db/migrations 2026-11-29-0031), named in db/database.ts's Database interface.

/** One validity mail and notification sent: its key makes a second run, or a second process, send nothing. */
export interface ValidityNoticesTable {
  client_id: string;
  training_id: string;
  recipient_id: string;
  kind: string;
  ref: string;
  created_at: string;
}
