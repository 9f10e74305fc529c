/**
 * A unique index refused a row. The services check names and addresses before they write, so only two requests
 * racing for the same value get here (a double click on PostgreSQL): a 409, not a 500 (hardening issue 3).
 */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
