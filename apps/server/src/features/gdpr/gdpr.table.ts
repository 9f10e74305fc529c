// The GDPR tables' row types (migration 0032), assembled into the Database interface by db/database.ts.

export interface GdprExportsTable {
  client_id: string;
  id: string;
  user_id: string;
  /** Who asked: the person, or an admin of their client (null once that admin is erased). */
  requested_by: string | null;
  job_id: string;
  /** queued | ready | failed | expired */
  status: string;
  file_key: string | null;
  file_size: number | null;
  created_at: string;
  ready_at: string | null;
  expires_at: string | null;
}

export interface GdprErasuresTable {
  client_id: string;
  user_id: string;
  erased_at: string;
  erased_by: string | null;
  /** request (an admin) | retention (the inactivity retention) */
  reason: string;
  /** Kept certificates are deleted after this time; null when none were kept. */
  certificates_until: string | null;
}

export interface GdprRetentionWarningsTable {
  client_id: string;
  user_id: string;
  /** deactivate | erase */
  stage: string;
  /** The last sign-in (or the creation) the warning is about. */
  activity_at: string;
  warned_at: string;
}
