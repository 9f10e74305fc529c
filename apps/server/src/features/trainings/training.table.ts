import type { Generated } from 'kysely';

// The trainings feature's tables (db/migrations 2026-11-23-0008), named in db/database.ts's Database interface.

export interface TrainingsTable {
  id: string;
  client_id: string;
  course_id: string;
  /** The training's own dates; null: the course's apply. */
  start_date: string | null;
  deadline: string | null;
  /** Issue 30 point 1: false: the course's validity applies; true: validity_months (null: for ever), renewal_days. */
  has_own_validity: Generated<boolean>;
  validity_months: number | null;
  renewal_days: number | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface TrainingGroupsTable {
  training_id: string;
  group_id: string;
  client_id: string;
  created_at: string;
}

/** One user's part in one training; the row is the training status per user (DECISIONS "training status"). */
export interface TrainingParticipantsTable {
  training_id: string;
  user_id: string;
  client_id: string;
  /** Added individually, not (only) through a group. */
  is_direct: Generated<boolean>;
  /** Directly or through an assigned group; false: a former participant whose progress is kept as history. */
  is_assigned: Generated<boolean>;
  is_optional: Generated<boolean>;
  /** PENDING, STARTED, COMPLETED, OPTIONAL or EXPIRED: what the status table filters and sorts by. */
  status: string;
  /** Issue 30 point 1: 1 for the first round; each renewal window opens the next (the closed ones: training_cycles). */
  cycle: Generated<number>;
  /** The end of the last completion's validity and when its renewal window opens; null: no end. */
  valid_until: string | null;
  renewal_opens_at: string | null;
  /** Completed required modules, kept with the status so the table sorts by progress without a join. */
  completed_modules: Generated<number>;
  /** Issue 31 point 1: the training's result in this cycle (training-result.ts), kept so the table sorts by score. */
  score_pct: Generated<number | null>;
  result: Generated<string>;
  /** The invitation mail is still to be sent (the training.invitations job sends it). */
  is_invitation_due: Generated<boolean>;
  invited_at: string | null;
  started_at: string | null;
  completed_at: string | null;
  last_reminder_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The status per user and module (spec section 3 "per-user values"). */
export interface TrainingModuleValuesTable {
  training_id: string;
  user_id: string;
  module_id: string;
  client_id: string;
  status: string;
  completed_at: string | null;
  /** Issue 31 point 1: as the SCORM runtime reported them (a PDF module has none). */
  score_pct: Generated<number | null>;
  score_raw: Generated<number | null>;
  success_status: Generated<string>;
  updated_at: string;
}

/** A closed cycle of a participation (issue 30 point 1), kept when the renewal window opened the next one. */
export interface TrainingCyclesTable {
  client_id: string;
  training_id: string;
  user_id: string;
  cycle: number;
  status: string;
  started_at: string | null;
  completed_at: string | null;
  completed_modules: number;
  required_modules: number;
  score_pct: Generated<number | null>;
  result: Generated<string>;
  valid_until: string | null;
  closed_at: string;
}
