import type { TLoginBody, TLoginResult, TPasswordChangeBody, TCurrentUser } from '@lms/contracts/auth';
import { LOGIN_LOCK_AFTER_FAILURES, LOGIN_LOCK_MINUTES, type TLocale } from '@lms/contracts/constants';
import { LOGIN_TYPES, type TRole } from '@lms/contracts/roles';
import type { FastifyBaseLogger } from 'fastify';
import { mayUseClosedPlatform } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, fail, unauthorized } from '../../platform/errors';
import { nowIso } from '../../platform/ids';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { createSession, endSession, endUserSessions, sessionUserOf, type Actor } from '../../platform/session';
import { isPlatformOpen, type Tenant } from '../../platform/tenant';
import {
  isUserActiveOn,
  presentCurrentUser,
  countFailedLogin,
  findUserById,
  findUserByLogin,
  normaliseLogin,
  updateUserFields,
  type UserRow,
} from '../users';
import { countUnknownLoginFailure, findUnknownLoginLock, lockUnknownLogin } from './unknown-login.repository';
import { LoginSlots } from './login-slots';
import { assertPasswordAcceptable } from '../../platform/password-policy';
import { audit, auditWhoOf, type AuditWho } from '../../platform/audit/audit-actor';

export interface RequestMeta {
  ip: string;
  userAgent?: string;
  /** The request's log (a stored hash refused at sign-in is logged, never the hash). */
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

const anonymousAt = (meta: RequestMeta): AuditWho => ({ actor: { kind: 'anonymous' }, ip: meta.ip });

/**
 * A refused sign-in, one entry in a transaction of its own (the chain's head must not fork). The tried name of an
 * unknown account goes in the personal part (an erasure of nobody cannot reach it, the retention period does).
 */
async function auditSignInFailed(
  deps: AppDeps,
  clientId: string,
  meta: RequestMeta,
  failed: { userId?: string; login?: string; reason: string },
): Promise<void> {
  await deps.db.transaction().execute((trx) =>
    audit(trx, anonymousAt(meta), clientId, 'auth.sign-in-failed', {
      object: failed.userId ? { type: 'user', id: failed.userId } : null,
      subjectUserId: failed.userId ?? null,
      detail: failed.userId ? { reason: failed.reason } : { reason: failed.reason, login: failed.login },
    }),
  );
}

const lockedUntil = () => new Date(Date.now() + LOGIN_LOCK_MINUTES * 60_000).toISOString();

/**
 * A name that matches no account fails exactly as a wrong password does, hash check and lockout included, so
 * neither the answer nor its time tells whether the account exists (hardening issue, point 4).
 */
async function failUnknownLogin(
  deps: AppDeps,
  clientId: string,
  asked: string,
  password: string,
  meta: RequestMeta,
): Promise<never> {
  const login = normaliseLogin(asked);
  const lock = await findUnknownLoginLock(deps.db, clientId, login);
  if (lock?.locked_until && lock.locked_until > nowIso()) {
    await auditSignInFailed(deps, clientId, meta, { login, reason: 'login_locked' });
    return unauthorized('login_locked');
  }
  const locked = await oneCheckAtATime(`${clientId}:name:${login}`, async () => {
    const failures = await countUnknownLoginFailure(deps.db, clientId, login);
    if (failures <= LOGIN_LOCK_AFTER_FAILURES) await verifyPassword(null, password);
    if (failures < LOGIN_LOCK_AFTER_FAILURES) return false;
    await lockUnknownLogin(deps.db, clientId, login, lockedUntil());
    return true;
  });
  await auditSignInFailed(deps, clientId, meta, { login, reason: locked ? 'login_locked' : 'login_failed' });
  return unauthorized(locked ? 'login_locked' : 'login_failed');
}

const slots = new LoginSlots();

/** Runs one account's password check while no other runs for it in this process; else 429 (login-slots.ts). */
async function oneCheckAtATime<T>(key: string, check: () => Promise<T>): Promise<T> {
  const held = await slots.hold(key, check);
  if (!held) throw new AppError(429, 'rate_limited');
  return held.value;
}

/** DECISIONS "lockout": 10 failures in a row lock for 15 minutes; a success resets the count. */
export async function login(deps: AppDeps, tenant: Tenant, body: TLoginBody, meta: RequestMeta): Promise<TLoginResult> {
  const { db } = deps;
  const user = await findUserByLogin(db, tenant.id, body.emailOrUsername);
  if (!user) return failUnknownLogin(deps, tenant.id, body.emailOrUsername, body.password, meta);
  // A directory's account has no password: it fails as an unknown name does (same answer, same work, same lock), so
  // a password login cannot tell which names the directory provisioned (issue 28 point 7).
  if (user.login_type === LOGIN_TYPES.SCIM)
    return failUnknownLogin(deps, tenant.id, body.emailOrUsername, body.password, meta);
  if (user.locked_until && user.locked_until > nowIso()) {
    await auditSignInFailed(deps, tenant.id, meta, { userId: user.id, reason: 'login_locked' });
    return unauthorized('login_locked');
  }

  // Issue 28 point 3: the try is counted before its check (a guess in flight counts, on every process), and one
  // check per account runs at a time; a count past the limit is not checked at all.
  const check = await oneCheckAtATime(`${tenant.id}:user:${user.id}`, async () => {
    const failures = await countFailedLogin(db, tenant.id, user.id);
    const result =
      failures <= LOGIN_LOCK_AFTER_FAILURES
        ? await verifyPassword(user.password_hash, body.password, (problem) =>
            meta.log?.warn(
              { userId: user.id, clientId: tenant.id, problem },
              'stored password hash refused, not verified',
            ),
          )
        : { ok: false, needsRehash: false };
    if (!result.ok && failures >= LOGIN_LOCK_AFTER_FAILURES)
      await updateUserFields(db, tenant.id, user.id, { locked_until: lockedUntil(), failed_login_count: 0 });
    return { ...result, locked: !result.ok && failures >= LOGIN_LOCK_AFTER_FAILURES };
  });
  if (!check.ok) {
    const reason = check.locked ? 'login_locked' : 'login_failed';
    await auditSignInFailed(deps, tenant.id, meta, { userId: user.id, reason });
    return unauthorized(reason);
  }
  // The right password is no failure, also when the account or platform then refuses the sign-in.
  const refused = !isUserActiveOn(user, nowIso().slice(0, 10))
    ? 'login_failed'
    : !isPlatformOpen(tenant) && !mayUseClosedPlatform(user.role as TRole)
      ? 'platform_inactive'
      : null;
  if (refused) {
    await updateUserFields(db, tenant.id, user.id, { failed_login_count: 0 });
    await auditSignInFailed(deps, tenant.id, meta, {
      userId: user.id,
      reason: refused === 'login_failed' ? 'inactive' : refused,
    });
    return refused === 'login_failed' ? unauthorized(refused) : fail(403, refused);
  }

  const now = nowIso();
  const newHash = check.needsRehash ? await hashPassword(body.password) : undefined;
  // The counters' reset and the session in one transaction: one commit (on PostgreSQL one WAL flush) per sign-in.
  const token = await db.transaction().execute(async (trx) => {
    await updateUserFields(trx, tenant.id, user.id, {
      failed_login_count: 0,
      locked_until: null,
      last_login_at: now,
      ...(newHash ? { password_hash: newHash } : {}),
    });
    const session = await createSession(trx, { id: user.id, clientId: tenant.id }, meta);
    await audit(trx, { actor: { kind: 'user', id: user.id }, ip: meta.ip }, tenant.id, 'auth.sign-in', {
      object: { type: 'user', id: user.id },
      subjectUserId: user.id,
      detail: { method: 'password' },
    });
    return session;
  });
  return loginResult(user, token);
}

/** The answer of every way to sign in (password, Entra ID): the session token and the user as the app shows it. */
export function loginResult(user: UserRow, token: string): TLoginResult {
  const current = presentCurrentUser(user);
  return {
    userId: user.id,
    token,
    loginType: current.loginType,
    email: user.email,
    passwordChangeRequired: current.passwordChangeRequired,
    user: current,
  };
}

export const logout = async (deps: AppDeps, actor: Actor): Promise<void> => {
  await endSession(deps.db, actor.sessionId);
};

export async function currentUser(deps: AppDeps, actor: Actor): Promise<TCurrentUser> {
  // The session lookup of this request read the user already (issue 15: one query for user/info).
  const user =
    sessionUserOf(actor) ??
    (await findUserById(deps.db, actor.clientId, actor.userId)) ??
    unauthorized('session_expired');
  return presentCurrentUser(user);
}

/**
 * Spec section 5: repetition must match, the new password must pass the rules and differ from the initial one.
 * The change ends every session of the user and opens a fresh one (DECISIONS "sessions").
 */
export async function changePassword(
  deps: AppDeps,
  tenant: Tenant,
  actor: Actor,
  body: TPasswordChangeBody,
  meta: RequestMeta,
): Promise<{ userId: string; token: string }> {
  const user = (await findUserById(deps.db, actor.clientId, actor.userId)) ?? unauthorized('session_expired');
  if (user.login_type === LOGIN_TYPES.SCIM) fail(403, 'externally_managed');
  if (body.newPassword !== body.newPasswordRepeat) badRequest('password_mismatch');
  if (!(await verifyPassword(user.password_hash, body.currentPassword)).ok) badRequest('password_wrong_current');
  assertPasswordAcceptable(body.newPassword, {
    minLength: tenant.minPasswordLength,
    email: user.email,
    username: user.username,
  });
  if (user.initial_password_hash && (await verifyPassword(user.initial_password_hash, body.newPassword)).ok)
    badRequest('password_same_as_initial');
  if (body.newPassword === body.currentPassword) badRequest('password_same_as_initial');

  const hash = await hashPassword(body.newPassword);
  const token = await deps.db.transaction().execute(async (trx) => {
    await updateUserFields(trx, actor.clientId, user.id, {
      password_hash: hash,
      initial_password_hash: null,
      is_password_change_required: false,
      password_updated_at: nowIso(),
    });
    await endUserSessions(trx, user.id);
    const session = await createSession(trx, { id: user.id, clientId: actor.clientId }, meta);
    await audit(trx, auditWhoOf(actor), actor.clientId, 'user.password-changed', {
      object: { type: 'user', id: user.id },
      subjectUserId: user.id,
      detail: { how: 'own' },
    });
    return session;
  });
  return { userId: user.id, token };
}

export async function setLocale(deps: AppDeps, actor: Actor, locale: TLocale): Promise<TCurrentUser> {
  await updateUserFields(deps.db, actor.clientId, actor.userId, { locale });
  // Read anew: the row the session lookup read holds the old locale.
  const user = (await findUserById(deps.db, actor.clientId, actor.userId)) ?? unauthorized('session_expired');
  return presentCurrentUser(user);
}
