// The digest feature's table (db/migrations 2026-12-02-0041), named in db/database.ts's Database interface.

/** One coordinator's weekly digest: its key (client, user, ISO week) makes a second run or process send nothing. */
export interface CoordinatorDigestsTable {
  client_id: string;
  user_id: string;
  /** ISO 8601 week, e.g. 2027-W03. */
  iso_week: string;
  /** The end of the period this digest counted (the start of the run's UTC day). */
  period_end: string;
  /** False: all three sections were empty and no mail went out (or the person has no address). */
  is_sent: boolean;
  mail_id: string | null;
  created_at: string;
}
