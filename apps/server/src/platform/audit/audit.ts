import type { DbOrTrx } from '../../db/database';
import { nowIso } from '../ids';
import { AUDIT_GENESIS, auditEntryHash, sha256 } from './audit-hash';

/** Who did it. `user`: a signed-in person (id); `scim`: a client token (id); `system`: a job; `anonymous`: nobody signed in. */
export type AuditActor =
  | { kind: 'user'; id: string }
  | { kind: 'scim'; id: string }
  | { kind: 'system'; id?: null }
  | { kind: 'anonymous'; id?: null };

/** One entry to append. Everything personal (the IP, values before and after, free text) goes in `personal`. */
export interface AuditEntryInput {
  clientId: string;
  actor: AuditActor;
  action: string;
  object?: { type: string; id: string } | null;
  /** The person the entry is about (a user id), if any: a GDPR access request finds it, an erasure redacts it. */
  subjectUserId?: string | null;
  ip?: string | null;
  before?: unknown;
  after?: unknown;
  detail?: unknown;
}

/** The personal part as stored: only the keys that were given, in a fixed order. */
function personalJson(e: AuditEntryInput): string | null {
  const p: Record<string, unknown> = {};
  if (e.ip != null) p.ip = e.ip;
  if (e.before !== undefined) p.before = e.before;
  if (e.after !== undefined) p.after = e.after;
  if (e.detail !== undefined) p.detail = e.detail;
  return Object.keys(p).length === 0 ? null : JSON.stringify(p);
}

/**
 * Appends one entry to the client's chain, in the caller's transaction, so the entry commits or rolls back with
 * the change it records (pass the transaction that made the change, never the plain Db while one is open).
 *
 * The head row of the client's chain is taken with an UPDATE first: on PostgreSQL that row lock serialises the
 * writers of one client until their transactions end, so two writers can never both extend seq N (SQLite serialises
 * every writer anyway). The lock is held to the end of the caller's transaction: make the audit write the caller's
 * last write where it can be, so no transaction waits on the head while holding a row another writer needs.
 */
export const recordAudit = (trx: DbOrTrx, e: AuditEntryInput): Promise<void> => recordAudits(trx, e.clientId, [e]);

/** Rows of one multi-row insert of entries (14 values each: far below SQLite's and PostgreSQL's parameter limits). */
const INSERT_CHUNK = 500;

/**
 * Appends several entries of one client to its chain in the order given, as that many recordAudit calls would (the
 * same seqs, links and hashes), in three statements instead of three per entry: the head moved by the count at
 * once (its row lock taken as recordAudit's), the entries in one multi-row insert, the head's hash. Issue 33: a
 * batch of SCIM creates wrote three round trips per user for its trail alone.
 */
export async function recordAudits(trx: DbOrTrx, clientId: string, entries: AuditEntryInput[]): Promise<void> {
  if (entries.length === 0) return;
  if (entries.some((e) => e.clientId !== clientId)) throw new Error('recordAudits: entries of another client');
  const take = () =>
    trx
      .updateTable('audit_heads')
      .set((eb) => ({ seq: eb('seq', '+', entries.length) }))
      .where('client_id', '=', clientId)
      .returning(['seq', 'hash'])
      .executeTakeFirst();
  let head = await take();
  if (!head) {
    await trx
      .insertInto('audit_heads')
      .values({ client_id: clientId, seq: 0, hash: AUDIT_GENESIS })
      .onConflict((oc) => oc.column('client_id').doNothing())
      .execute();
    head = await take();
    if (!head) throw new Error(`recordAudits: no audit head for client ${clientId}`);
  }
  let seq = Number(head.seq) - entries.length;
  let prev = head.hash;
  const rows = entries.map((e) => {
    const personal = personalJson(e);
    const fields = {
      client_id: clientId,
      seq: ++seq,
      at: nowIso(),
      actor_kind: e.actor.kind,
      actor_id: e.actor.id ?? null,
      action: e.action,
      object_type: e.object?.type ?? null,
      object_id: e.object?.id ?? null,
      subject_user_id: e.subjectUserId ?? null,
      personal_hash: sha256(personal ?? ''),
    };
    const hash = auditEntryHash(prev, fields);
    const row = { ...fields, personal, redacted_at: null, prev_hash: prev, hash };
    prev = hash;
    return row;
  });
  for (let i = 0; i < rows.length; i += INSERT_CHUNK)
    await trx
      .insertInto('audit_entries')
      .values(rows.slice(i, i + INSERT_CHUNK))
      .execute();
  await trx.updateTable('audit_heads').set({ hash: prev }).where('client_id', '=', clientId).execute();
}

/** What a verification found: entries checked, and the first broken link if any. */
export interface AuditVerification {
  checked: number;
  firstSeq: number | null;
  lastSeq: number | null;
  broken: null | { seq: number; reason: 'hash' | 'link' | 'gap' | 'personal' | 'head' };
}

const VERIFY_BATCH = 2_000;

/**
 * Walks the client's chain in seq order, in batches (memory stays flat at any length), and reports the first
 * broken link: an entry whose hash is not what its fields give (`hash`), whose prev_hash is not the previous
 * entry's hash (`link`), a missing seq (`gap`), a personal part that does not match its hash (`personal`: a
 * redacted one, null, is accepted), or a head that does not name the last entry (`head`: the newest entries were
 * removed). Entries older than the retention period are deleted from the start of the chain; the walk trusts the
 * oldest remaining entry's prev_hash.
 */
export async function verifyAuditChain(
  db: DbOrTrx,
  clientId: string,
  opts: { betweenBatches?: () => Promise<void> } = {},
): Promise<AuditVerification> {
  let prev: { seq: number; hash: string } | null = null;
  let checked = 0;
  let firstSeq: number | null = null;
  for (;;) {
    let q = db
      .selectFrom('audit_entries')
      .selectAll()
      .where('client_id', '=', clientId)
      .orderBy('seq')
      .limit(VERIFY_BATCH);
    if (prev) q = q.where('seq', '>', prev.seq);
    const rows = await q.execute();
    for (const r of rows) {
      const seq = Number(r.seq);
      firstSeq ??= seq;
      const at = { checked, firstSeq, lastSeq: prev?.seq ?? null };
      if (prev && seq !== prev.seq + 1) return { ...at, broken: { seq, reason: 'gap' } };
      if (prev && r.prev_hash !== prev.hash) return { ...at, broken: { seq, reason: 'link' } };
      if (r.personal !== null && sha256(r.personal) !== r.personal_hash)
        return { ...at, broken: { seq, reason: 'personal' } };
      if (auditEntryHash(r.prev_hash, { ...r, seq }) !== r.hash) return { ...at, broken: { seq, reason: 'hash' } };
      prev = { seq, hash: r.hash };
      checked++;
    }
    if (rows.length < VERIFY_BATCH) break;
    await opts.betweenBatches?.();
  }
  const head = await db
    .selectFrom('audit_heads')
    .select(['seq', 'hash'])
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  const lastSeq = prev?.seq ?? null;
  // With no entry left (retention may remove them all) there is nothing to hold the head against.
  if (prev && (!head || Number(head.seq) !== prev.seq || head.hash !== prev.hash))
    return { checked, firstSeq, lastSeq, broken: { seq: prev.seq + 1, reason: 'head' } };
  return { checked, firstSeq, lastSeq, broken: null };
}

/**
 * GDPR erasure (issue 30 point 4): removes the personal part of every entry about or by the user. The chain covers
 * only the personal part's hash, so it still verifies; the event itself (who by id, what, when, on which object)
 * stays. Returns how many entries were redacted.
 */
export async function redactAuditPersonalData(trx: DbOrTrx, clientId: string, userId: string): Promise<number> {
  const now = nowIso();
  let total = 0;
  for (const column of ['subject_user_id', 'actor_id'] as const) {
    const r = await trx
      .updateTable('audit_entries')
      .set({ personal: null, redacted_at: now })
      .where('client_id', '=', clientId)
      .where(column, '=', userId)
      .where('personal', 'is not', null)
      .executeTakeFirst();
    total += Number(r.numUpdatedRows);
  }
  return total;
}
