/**
 * Rows or keys per statement when a list is written or looked up in parts: 500 rows of about 25 columns stay far
 * below PostgreSQL's 65,535 bind parameters, and an IN list of 500 below SQLite's 32,766.
 */
export const STATEMENT_CHUNK = 500;

/** The items in consecutive parts of at most `size`, in order. */
export function chunks<T>(items: readonly T[], size = STATEMENT_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
