/**
 * The audit trail (issue 30 point 3): one append-only chain of entries per client. `hash` is SHA-256 over the
 * previous entry's hash and this entry's fields (platform/audit/audit-hash.ts), so changing, inserting or removing
 * an entry inside the chain breaks a link that `verifyAuditChain` reports.
 */
export interface AuditEntriesTable {
  client_id: string;
  /** 1, 2, 3 ... per client, with no gap: the chain's order. */
  seq: number;
  at: string;
  /** `user` (actor_id is a user id), `scim` (a client token), `system` (a job or schedule), `anonymous`. */
  actor_kind: string;
  actor_id: string | null;
  /** What happened, `<area>.<verb>`: `auth.sign-in`, `user.created`, ... (AUDIT_ACTIONS in contracts). */
  action: string;
  object_type: string | null;
  object_id: string | null;
  /** The person the entry is about, if any: found by a GDPR access request and redacted by an erasure. */
  subject_user_id: string | null;
  /**
   * The personal part, JSON `{ ip?, before?, after?, detail? }`, or null once redacted. The chain covers its
   * SHA-256 (`personal_hash`), not the text, so an erasure can remove it and the chain still verifies.
   */
  personal: string | null;
  personal_hash: string;
  redacted_at: string | null;
  prev_hash: string;
  hash: string;
}

/** The head of each client's chain: its last seq and hash. Writers lock this row, so seq never forks. */
export interface AuditHeadsTable {
  client_id: string;
  seq: number;
  hash: string;
}

/** The columns a reader of the trail sees: the screen, its CSV and a GDPR export (the chain's hashes stay here). */
export const AUDIT_READ_COLUMNS = [
  'seq',
  'at',
  'actor_kind',
  'actor_id',
  'action',
  'object_type',
  'object_id',
  'subject_user_id',
  'personal',
  'redacted_at',
] as const;

/** A stored entry as its readers see it. */
export type AuditReadRow = Pick<AuditEntriesTable, (typeof AUDIT_READ_COLUMNS)[number]>;
