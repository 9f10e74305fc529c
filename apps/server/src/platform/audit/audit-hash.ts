import { createHash } from 'node:crypto';
import type { AuditEntriesTable } from './audit.table';

/** The first link's `prev_hash` of every chain. */
export const AUDIT_GENESIS = '0'.repeat(64);

/** The fields the chain covers, as read from or written to audit_entries. */
export type AuditChainFields = Pick<
  AuditEntriesTable,
  | 'client_id'
  | 'seq'
  | 'at'
  | 'actor_kind'
  | 'actor_id'
  | 'action'
  | 'object_type'
  | 'object_id'
  | 'subject_user_id'
  | 'personal_hash'
>;

export const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * SHA-256 over the previous hash and a fixed-order JSON array of the fields. `at` is normalised to ISO 8601 with
 * milliseconds, so PostgreSQL's timestamptz (read back in another format) hashes as it was written.
 */
export function auditEntryHash(prevHash: string, e: AuditChainFields): string {
  return sha256(
    `${prevHash}\n${JSON.stringify([
      e.client_id,
      Number(e.seq),
      new Date(e.at).toISOString(),
      e.actor_kind,
      e.actor_id,
      e.action,
      e.object_type,
      e.object_id,
      e.subject_user_id,
      e.personal_hash,
    ])}`,
  );
}
