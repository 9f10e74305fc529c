// The reminders feature's table (db/migrations 2026-11-23-0010), named in db/database.ts's Database interface.

/** One reminder mail sent to one participant of one training. */
export interface TrainingRemindersTable {
  id: string;
  client_id: string;
  training_id: string;
  user_id: string;
  /** 'manual' (a coordinator's) or 'auto' (the daily job's). */
  kind: string;
  /** The automatic run's day (YYYY-MM-DD, UTC); null for a manual reminder. */
  due_day: string | null;
  /** The queued mail; null when the user had no address or an inactive account. */
  mail_id: string | null;
  /** The coordinator who sent a manual reminder; null for an automatic one. */
  sent_by: string | null;
  sent_at: string;
}
