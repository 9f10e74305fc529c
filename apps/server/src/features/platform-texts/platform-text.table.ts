// The platform texts' row type, assembled into the Database interface by db/database.ts.

/** The FAQ or About page's Markdown in one locale (key 'faq' | 'about'). */
export interface PlatformTextsTable {
  key: string;
  locale: string;
  markdown: string;
  updated_by: string | null;
  updated_at: string;
}
