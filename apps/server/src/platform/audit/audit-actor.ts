import type { TAuditAction } from '@lms/contracts/audit';
import type { FastifyRequest } from 'fastify';
import type { DbOrTrx } from '../../db/database';
import type { Actor } from '../session';
import { recordAudit, type AuditActor, type AuditEntryInput } from './audit';

/** Who did it and from where: what every audit entry of a request carries. */
export interface AuditWho {
  actor: AuditActor;
  ip: string | null;
}

/** A job or schedule: no person, no address. */
export const SYSTEM_WHO: AuditWho = { actor: { kind: 'system' }, ip: null };

/** A signed-in person: the access guard put the request's address (as trust-proxy resolves it) on the actor. */
export const auditWhoOf = (actor: Actor): AuditWho => ({
  actor: { kind: 'user', id: actor.userId },
  ip: actor.ip ?? null,
});

/**
 * The request's actor for the trail: the signed-in user, the client token of a SCIM call (kind `scim`, its id), or
 * `anonymous` (a sign-in that failed, a public form).
 */
export function auditActorOf(req: FastifyRequest): AuditWho {
  if (req.actor) return auditWhoOf(req.actor);
  if (req.clientToken) return { actor: { kind: 'scim', id: req.clientToken.tokenId }, ip: req.ip };
  return { actor: { kind: 'anonymous' }, ip: req.ip };
}

/** One entry of a closed list of actions, by `who`, as recordAudit and recordAudits take it. */
export const auditEntry = (
  who: AuditWho,
  clientId: string,
  action: TAuditAction,
  rest: Omit<AuditEntryInput, 'clientId' | 'actor' | 'ip' | 'action'> = {},
): AuditEntryInput => ({ clientId, actor: who.actor, ip: who.ip, action, ...rest });

/** One entry of a closed list of actions, by `who`, in the caller's transaction (see recordAudit). */
export const audit = (
  trx: DbOrTrx,
  who: AuditWho,
  clientId: string,
  action: TAuditAction,
  rest: Omit<AuditEntryInput, 'clientId' | 'actor' | 'ip' | 'action'> = {},
): Promise<void> => recordAudit(trx, auditEntry(who, clientId, action, rest));

/** Keys whose values never enter the trail (that one changed is recorded, not what to). */
const SECRET_KEY = /secret|password|hash|token|apikey|api_key/i;

/**
 * The fields of `after` that differ from `before`, as the `before`/`after` pair of an entry: only what changed,
 * secrets as `"[secret]"`. Undefined in `after` means "not part of this change". Null when nothing changed.
 */
export function changedFields(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    const next = after[key];
    if (next === undefined || key === 'updated_at') continue;
    const prev = Object.hasOwn(before, key) ? before[key] : undefined;
    if (JSON.stringify(prev) === JSON.stringify(next)) continue;
    const secret = SECRET_KEY.test(key);
    b[key] = secret ? (prev == null ? null : '[secret]') : (prev ?? null);
    a[key] = secret ? (next === null ? null : '[secret]') : next;
  }
  return Object.keys(a).length === 0 ? null : { before: b, after: a };
}
