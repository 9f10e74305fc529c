import type { Generated } from 'kysely';

// The user-import tables' row types, assembled into the Database interface by db/database.ts.

export interface UserImportsTable {
  id: string;
  client_id: string;
  created_by: string | null;
  file_name: string;
  content: string;
  delimiter: string;
  row_count: number;
  status: string;
  options: string | null;
  job_id: string | null;
  total: Generated<number>;
  done: Generated<number>;
  created_count: Generated<number>;
  skipped_count: Generated<number>;
  failed_count: Generated<number>;
  report: string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
}
