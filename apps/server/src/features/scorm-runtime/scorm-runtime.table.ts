import type { Generated } from 'kysely';

// The scorm-runtime tables' row types, assembled into the Database interface by db/database.ts.

export interface ScormAttemptsTable {
  id: string;
  client_id: string;
  kind: string;
  user_id: string;
  training_id: string | null;
  module_id: string;
  status: string;
  success_status: string;
  last_item_id: string | null;
  completed_at: string | null;
  /** The training cycle it belongs to (issue 30 point 1); a closed cycle's attempts are kind 'archived'. */
  cycle: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ScormScoDataTable {
  attempt_id: string;
  item_id: string;
  client_id: string;
  cmi: string;
  status: string;
  success_status: string;
  exit: string | null;
  total_time_cs: number;
  time_base_cs: number;
  time_instance: string | null;
  commit_session: string;
  commit_seq: number;
  created_at: string;
  updated_at: string;
}
