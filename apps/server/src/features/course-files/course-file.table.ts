// The course-files tables' row types, assembled into the Database interface by db/database.ts.

export interface CourseFilesTable {
  id: string;
  client_id: string;
  course_id: string;
  locale: string;
  file_name: string;
  pdf_key: string;
  pdf_size: number;
  logo_key: string | null;
  logo_mime: string | null;
  created_at: string;
  updated_at: string;
}
