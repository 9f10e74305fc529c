// The reports feature's summary tables (db/migrations 2026-12-02-0039), kept by the database's triggers in the
// transaction of every change they count; named in db/database.ts's Database interface. The app only reads them.

/** Assigned participants of a training by status, per company (dim 'company', '' none) and per group. */
export interface ReportCountsTable {
  client_id: string;
  training_id: string;
  dim: 'company' | 'group';
  dim_id: string;
  status: string;
  n: number;
}

/** The assigned participants who stand COMPLETED, by the Monday (UTC) of their completion's week. */
export interface ReportCompletionWeeksTable {
  client_id: string;
  training_id: string;
  dim: 'company' | 'group';
  dim_id: string;
  week: string;
  n: number;
}

/** The assigned participants still valid or renewing (not EXPIRED or OPTIONAL), by the UTC day their validity ends. */
export interface ReportValidityDaysTable {
  client_id: string;
  training_id: string;
  dim: 'company' | 'group';
  dim_id: string;
  day: string;
  n: number;
}
