/**
 * One row per recurring job (platform/scheduler.ts); the row is the schedule's whole state, so every process reads
 * the same due time and a restart neither repeats nor skips a run.
 */
export interface SchedulesTable {
  /** The name given to defineSchedule. */
  name: string;
  /** The interval the row was computed for ('every 15 minutes', 'daily at 03:15 UTC'); a change in code resets it. */
  interval_spec: string;
  /** When the next job is due; the compare-and-set moves it forward exactly once per due time. */
  next_due_at: string;
  /** The latest due time a job was enqueued for. */
  last_due_at: string | null;
  /** When a process enqueued that job (its clock, which may be later than the due time after downtime). */
  last_run_at: string | null;
  /** The job enqueued last. */
  last_job_id: string | null;
  updated_at: string;
}
