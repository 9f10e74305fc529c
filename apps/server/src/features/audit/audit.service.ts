import {
  AUDIT_ACTOR_KINDS,
  type TAuditActorKind,
  type TAuditEntry,
  type TAuditFilter,
  type TAuditPage,
  type TAuditVerification,
} from '@lms/contracts/audit';
import type { AppDeps } from '../../platform/deps';
import { verifyAuditChain } from '../../platform/audit/audit';
import { BOM, csvLine } from '../../platform/csv-write';
import type { Actor } from '../../platform/session';
import { nextTurn } from '../../platform/turn-batch';
import { assertMayActOnClient } from '../clients';
import { directoryNames } from '../users';
import { readAuditPage, type AuditRow } from './audit.repository';

const KINDS = new Set<string>(AUDIT_ACTOR_KINDS);

function present(r: AuditRow, names: Map<string, string>): TAuditEntry {
  let personal: { ip?: string; before?: unknown; after?: unknown; detail?: unknown } = {};
  if (r.personal !== null) {
    try {
      personal = JSON.parse(r.personal) as typeof personal;
    } catch {
      // A personal part that is no JSON is a tampered one: the verification names it; the screen shows the rest.
    }
  }
  const entry: TAuditEntry = {
    seq: r.seq,
    at: r.at,
    actorKind: (KINDS.has(r.actor_kind) ? r.actor_kind : 'system') as TAuditActorKind,
    actorId: r.actor_id,
    actorName: r.actor_kind === 'user' && r.actor_id ? (names.get(r.actor_id) ?? null) : null,
    action: r.action,
    objectType: r.object_type,
    objectId: r.object_id,
    subjectUserId: r.subject_user_id,
    ip: typeof personal.ip === 'string' ? personal.ip : null,
    redacted: r.redacted_at !== null,
  };
  if (personal.before !== undefined) entry.before = personal.before;
  if (personal.after !== undefined) entry.after = personal.after;
  if (personal.detail !== undefined) entry.detail = personal.detail;
  return entry;
}

async function presentPage(deps: AppDeps, clientId: string, rows: AuditRow[]): Promise<TAuditEntry[]> {
  const userIds = rows.flatMap((r) => (r.actor_kind === 'user' && r.actor_id ? [r.actor_id] : []));
  const names = await directoryNames(deps.db, clientId, userIds);
  return rows.map((r) => present(r, names));
}

/** `GET /api/client/{id}/audit`: ADMIN of the client, SUPERADMIN of any; another client is a 404. */
export async function listAudit(
  deps: AppDeps,
  actor: Actor,
  clientId: string,
  query: TAuditFilter & { before?: number | undefined; limit: number },
): Promise<TAuditPage> {
  await assertMayActOnClient(deps.db, actor, 'audit.read', clientId, 'read');
  const rows = await readAuditPage(deps.db, clientId, query, query.before, query.limit);
  return {
    items: await presentPage(deps, clientId, rows),
    nextBefore: rows.length === query.limit ? (rows[rows.length - 1] as AuditRow).seq : null,
  };
}

/** `POST /api/client/{id}/audit/verify`: the first broken link of the client's chain, if any. */
export async function verifyAudit(deps: AppDeps, actor: Actor, clientId: string): Promise<TAuditVerification> {
  await assertMayActOnClient(deps.db, actor, 'audit.read', clientId, 'read');
  return verifyAuditChain(deps.db, clientId, { betweenBatches: nextTurn });
}

const CSV_BATCH = 1_000;
const CSV_HEADER = [
  'seq',
  'at',
  'actor_kind',
  'actor_id',
  'actor_name',
  'action',
  'object_type',
  'object_id',
  'subject_user_id',
  'ip',
  'before',
  'after',
  'detail',
  'redacted',
];
const json = (v: unknown) => (v === undefined ? '' : JSON.stringify(v));

/**
 * `GET /api/client/{id}/audit/export`: the filtered trail as CSV (UTF-8 with BOM, `;`), streamed newest first in
 * keyset batches, so memory stays flat at any length. The access check runs before the first byte.
 */
export async function exportAuditCsv(
  deps: AppDeps,
  actor: Actor,
  clientId: string,
  filter: TAuditFilter,
): Promise<AsyncGenerator<string>> {
  await assertMayActOnClient(deps.db, actor, 'audit.read', clientId, 'read');
  async function* lines(): AsyncGenerator<string> {
    yield `${BOM}${csvLine(CSV_HEADER)}`;
    let before: number | undefined;
    for (;;) {
      const rows = await readAuditPage(deps.db, clientId, filter, before, CSV_BATCH);
      const entries = await presentPage(deps, clientId, rows);
      yield entries
        .map((e) =>
          csvLine([
            e.seq,
            e.at,
            e.actorKind,
            e.actorId,
            e.actorName,
            e.action,
            e.objectType,
            e.objectId,
            e.subjectUserId,
            e.ip,
            json(e.before),
            json(e.after),
            json(e.detail),
            e.redacted,
          ]),
        )
        .join('');
      if (rows.length < CSV_BATCH) return;
      before = (rows[rows.length - 1] as AuditRow).seq;
      await nextTurn();
    }
  }
  return lines();
}
