import { hash } from 'node:crypto';
import { SESSION_IDLE_DAYS, SESSION_MAX_DAYS, SESSION_TOUCH_SECONDS } from '@lms/contracts/constants';
import type { TLoginType } from '@lms/contracts/roles';
import type { TRole } from '@lms/contracts/roles';
import type { TLocale } from '@lms/contracts/constants';
import type { Selectable } from 'kysely';
import type { Db, DbOrTrx, UsersTable } from '../db/database';
import { compiledOnce } from '../db/compiled-once';
import { isUserActiveOn } from './active-window';
import { touchSessionSoon } from './session-touches';
import { shortCache } from './short-cache';
import { newId, newSecretToken, nowIso } from './ids';

/** The signed-in user as every service sees it. */
export interface Actor {
  userId: string;
  clientId: string;
  role: TRole;
  locale: TLocale;
  loginType: TLoginType;
  sessionId: string;
  isPasswordChangeRequired: boolean;
  /** The request's address (trust-proxy resolved), set per request by the access guard: the audit trail's "from where". */
  ip?: string;
}

// The one-shot crypto.hash (Node 20.12) costs a third of a Hash object, and this runs on every signed-in request.
export const hashToken = (token: string): string => hash('sha256', token, 'hex');

const DAY_MS = 86_400_000;

/** Opens a session: only the SHA-256 of the token is stored (ARCHITECTURE section 5). */
export async function createSession(
  db: DbOrTrx,
  user: { id: string; clientId: string },
  meta: { ip?: string; userAgent?: string },
): Promise<string> {
  const token = newSecretToken();
  const now = nowIso();
  await db
    .insertInto('sessions')
    .values({
      id: newId(),
      token_hash: hashToken(token),
      user_id: user.id,
      client_id: user.clientId,
      created_at: now,
      last_seen_at: now,
      ip: meta.ip ?? null,
      user_agent: meta.userAgent?.slice(0, 300) ?? null,
    })
    .execute();
  return token;
}

export type SessionLookup = { kind: 'none' } | { kind: 'invalid' } | { kind: 'ok'; actor: Actor; userActive: boolean };

/**
 * The user row read with the session, kept beside the request's actor (not on it, so logging an actor never shows a
 * password hash): `user/info` answers from it instead of reading the user a second time (issue 15).
 */
const sessionUsers = new WeakMap<Actor, Selectable<UsersTable>>();

/** The signed-in user's row as the session lookup of this request read it; undefined for an actor made elsewhere. */
export const sessionUserOf = (actor: Actor): Selectable<UsersTable> | undefined => sessionUsers.get(actor);

/**
 * The session's actor for one request, with that request's address (the audit trail's "from where"): a copy, since
 * the session cache shares its actor between requests; the user row read with the session goes with it.
 */
export function actorOfRequest(actor: Actor, ip: string): Actor {
  const copy = { ...actor, ip };
  const user = sessionUsers.get(actor);
  if (user) sessionUsers.set(copy, user);
  return copy;
}

/** A valid session as read: the (frozen) actor, its user row, and the times the limits are checked against. */
interface SessionEntry {
  actor: Actor;
  user: Selectable<UsersTable>;
  createdMs: number;
  seenMs: number;
}

/**
 * How long this process answers a session check from memory (issue 15: the check was most of the cost of every
 * signed-in request). A sign-out, password change, deactivation or role change made in this process holds on the next
 * request, since any write to `sessions`, `users` or `clients` drops every entry (write family `auth`); one made in
 * another process holds there within SESSION_CACHE_MS. docs/architecture.md states it as a security trade-off.
 */
export const SESSION_CACHE_MS = 5_000;
const sessionCache = shortCache<SessionEntry | undefined>({
  ms: SESSION_CACHE_MS,
  entries: 10_000,
  families: ['auth'],
  keep: (entry) => entry !== undefined,
});

const pastLimits = (e: SessionEntry, now: number) =>
  now - e.seenMs > SESSION_IDLE_DAYS * DAY_MS || now - e.createdMs > SESSION_MAX_DAYS * DAY_MS;

const answer = (e: SessionEntry, now: number): SessionLookup => ({
  kind: 'ok',
  // The whole window, not just the flag: an account past its active-to date loses its older sessions too.
  userActive: isUserActiveOn(e.user, new Date(now).toISOString().slice(0, 10)),
  actor: e.actor,
});

/**
 * The session of a token hash on the host's client and its user, in one indexed query, compiled once
 * (db/compiled-once.ts). The session's lookup and the user's join both name client_id: on PostgreSQL the keys are
 * (token_hash, client_id) and (id, client_id) (migration 0045), and only a whole key tells the planner that one row
 * answers.
 */
const sessionRead = compiledOnce(['tokenHash', 'clientId'], (db, v) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('users as u', (j) => j.onRef('u.id', '=', 's.user_id').onRef('u.client_id', '=', 's.client_id'))
    .selectAll('u')
    .select([
      's.id as session_id',
      's.client_id as session_client_id',
      's.created_at as session_created_at',
      's.last_seen_at as session_last_seen_at',
    ])
    .where('s.token_hash', '=', v.tokenHash)
    .where('s.client_id', '=', v.clientId),
);

/** The session of a token hash and its user; undefined when there is none. */
async function readSession(db: Db, clientId: string, tokenHash: string): Promise<SessionEntry | undefined> {
  const [found] = await sessionRead(db, '', { tokenHash, clientId });
  if (!found) return undefined;
  const { session_id, session_client_id, session_created_at, session_last_seen_at, ...user } = found;
  const entry: SessionEntry = {
    actor: Object.freeze({
      userId: user.id,
      clientId: session_client_id,
      role: user.role as TRole,
      locale: user.locale as TLocale,
      loginType: user.login_type as TLoginType,
      sessionId: session_id,
      isPasswordChangeRequired: user.is_password_change_required,
    }),
    user,
    createdMs: Date.parse(session_created_at),
    seenMs: Date.parse(session_last_seen_at),
  };
  sessionUsers.set(entry.actor, user);
  return entry;
}

/**
 * One indexed query per request (session and user together), or none while the session is in the cache. A token of
 * another client than the host's is not found (ARCHITECTURE section 4).
 */
export async function lookupSession(db: Db, clientId: string, token: string, now = Date.now()): Promise<SessionLookup> {
  const tokenHash = hashToken(token);
  const entry = await sessionCache(db, `${clientId}:${tokenHash}`, () => readSession(db, clientId, tokenHash));
  if (!entry) return { kind: 'invalid' };
  if (pastLimits(entry, now)) {
    // The delete moves the `auth` counter, so the cached entry goes with it.
    await db.deleteFrom('sessions').where('id', '=', entry.actor.sessionId).execute();
    return { kind: 'invalid' };
  }
  if (now - entry.seenMs > SESSION_TOUCH_SECONDS * 1000) {
    touchSessionSoon(db, entry.actor.sessionId);
    entry.seenMs = now;
  }
  return answer(entry, now);
}

export const endSession = (db: DbOrTrx, sessionId: string) =>
  db.deleteFrom('sessions').where('id', '=', sessionId).execute();

/** Ends every session of a user, or every other one when `keepSessionId` is given. */
export async function endUserSessions(db: DbOrTrx, userId: string, keepSessionId?: string): Promise<void> {
  let q = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepSessionId) q = q.where('id', '!=', keepSessionId);
  await q.execute();
}

/**
 * Deletes up to `limit` sessions past the idle or the absolute limit (lookupSession refuses them already); answers
 * how many. Called in batches by the daily clean-up (features/account/access-cleanup.job.ts).
 */
export async function deleteExpiredSessions(db: DbOrTrx, now: Date, limit = 1_000): Promise<number> {
  const seenBefore = new Date(now.getTime() - SESSION_IDLE_DAYS * DAY_MS).toISOString();
  const createdBefore = new Date(now.getTime() - SESSION_MAX_DAYS * DAY_MS).toISOString();
  const res = await db
    .deleteFrom('sessions')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('sessions')
        .select('id')
        .where((w) => w.or([w('last_seen_at', '<', seenBefore), w('created_at', '<', createdBefore)]))
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
