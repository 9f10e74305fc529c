// The platform tables' row types, assembled into the Database interface by db/database.ts.

/** ARCHITECTURE section 7: every kind of background work is a row here, claimed by a worker with a lease. */
export interface JobsTable {
  id: string;
  client_id: string | null;
  kind: string;
  status: string;
  payload: string;
  result: string | null;
  last_error: string | null;
  attempts: number;
  max_attempts: number;
  run_at: string;
  lease_until: string | null;
  lease_token: string | null;
  locked_by: string | null;
  heartbeat_at: string | null;
  progress_total: number;
  progress_done: number;
  progress_succeeded: number;
  progress_failed: number;
  created_by: string | null;
  capability: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  updated_at: string;
}
