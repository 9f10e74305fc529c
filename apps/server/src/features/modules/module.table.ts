// The modules tables' row types, assembled into the Database interface by db/database.ts.

export interface ModulesTable {
  id: string;
  client_id: string;
  course_id: string;
  position: number;
  kind: string;
  duration_minutes: number;
  is_required: boolean;
  package_key: string;
  file_name: string;
  file_size: number;
  scorm_version: string | null;
  manifest: string | null;
  sco_count: number;
  created_at: string;
  updated_at: string;
}

export interface ModuleTextsTable {
  module_id: string;
  client_id: string;
  locale: string;
  title: string;
}
