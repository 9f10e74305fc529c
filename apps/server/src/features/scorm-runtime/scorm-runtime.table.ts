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
  /** Issue 31 point 1 (migration 0033): the module's score, 0 to 100 and raw, rolled up from its items. */
  score_pct: Generated<number | null>;
  score_raw: Generated<number | null>;
  /** The items' total time summed, in centiseconds. */
  total_time_cs: Generated<number>;
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
  /** Issue 31 point 1: the item's score as a percentage 0 to 100 (cmi-score.ts) and the raw score it reported. */
  score_pct: number | null;
  score_raw: number | null;
  time_instance: string | null;
  commit_session: string;
  commit_seq: number;
  created_at: string;
  updated_at: string;
}
