/**
 * A unique index refused a row. The services check names and addresses before they write, so only two requests
 * racing for the same value get here (a double click on PostgreSQL): a 409, not a 500 (hardening issue 3).
 */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * PostgreSQL chose this transaction as a deadlock's victim (40P01) or could not serialise it (40001). Nothing of it
 * was written, and the same request may well succeed when sent again: a 503 `database_busy`, not a 500. The groups'
 * row lock (groups/group.repository.ts `lockGroupForChange`) keeps the one deadlock seen in the route walks from
 * happening; this answers any other honestly.
 */
export function isTransactionConflict(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}
