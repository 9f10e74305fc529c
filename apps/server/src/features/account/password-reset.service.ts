import { audit } from '../../platform/audit/audit-actor';
import type { TActivateBody, TPasswordResetBody, TTokenPurpose } from '@lms/contracts/account';
import type { TLocale } from '@lms/contracts/constants';
import { LOGIN_TYPES } from '@lms/contracts/roles';
import type { AppDeps } from '../../platform/deps';
import { badRequest, fail } from '../../platform/errors';
import { nowIso } from '../../platform/ids';
import { enqueueJob } from '../../platform/jobs-store';
import { lockForTransaction } from '../../platform/xact-lock';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { createSession, endUserSessions } from '../../platform/session';
import type { Tenant } from '../../platform/tenant';
import { assertPasswordAcceptable } from '../../platform/password-policy';
import { isUserActiveOn, findUserById, findUserByLogin, updateUserFields } from '../users';
import { sendPasswordResetMail } from './account-invite';
import { findLinkClient } from './account.repository';
import {
  consumeLinkToken,
  findUsableLinkToken,
  hasRecentLinkToken,
  isLinkTokenUsable,
  isLinkTokenUsed,
  revokeLinkTokens,
} from './link-tokens';

/** A new reset mail for the same user at most once a minute: the form cannot be used to flood a mailbox. */
export const RESET_RESEND_SECONDS = 60;

/** The background job that looks the account up and mails the link (password-reset.job.ts runs it). */
export const PASSWORD_RESET_JOB = 'account.password-reset';

/** What the reset job gets: who was asked for, in which language. No token: the job makes it. */
export interface PasswordResetJob {
  login: string;
  locale: TLocale | null;
}

/**
 * DECISIONS "reset and activation links": the answer is the same whether or not the account exists, in content
 * (it echoes what was asked) and in time. So it is given before any work that depends on the account: the request
 * only queues a job with the client, the asked login and the locale (the same insert for every request), and the
 * job does the lookup, the resend limit and the mail (sendPasswordResetIfEligible).
 */
export async function requestPasswordReset(
  deps: AppDeps,
  tenant: Tenant,
  body: TPasswordResetBody,
): Promise<{ sentTo: string }> {
  const asked = (body.emailOrUsername ?? body.email ?? '').trim();
  const payload: PasswordResetJob = { login: asked, locale: body.locale ?? null };
  // No creator and no capability: nobody reads this job through GET /api/jobs/{id}.
  await enqueueJob(deps.db, { clientId: tenant.id, kind: PASSWORD_RESET_JOB, payload, maxAttempts: 3 });
  return { sentTo: asked };
}

/**
 * The reset job's work: a mail goes only to an active, password-login user with an e-mail address; a locked
 * account still gets one (DECISIONS "lockout"); at most one per RESET_RESEND_SECONDS. Answers nothing, so the job's
 * stored result does not tell whether the account exists either.
 */
export async function sendPasswordResetIfEligible(
  deps: AppDeps,
  clientId: string,
  job: PasswordResetJob,
): Promise<void> {
  const client = await findLinkClient(deps.db, clientId);
  if (!client) return;
  const user = await findUserByLogin(deps.db, clientId, job.login);
  const eligible = user?.email && user.login_type !== LOGIN_TYPES.SCIM && isUserActiveOn(user, nowIso().slice(0, 10));
  if (!user?.email || !eligible) return;
  const email = user.email;
  await deps.db.transaction().execute(async (trx) => {
    // Requests in a burst become jobs that run side by side: one at a time per user checks the limit.
    await lockForTransaction(trx, deps.dialect, `password-reset:${user.id}`);
    if (await hasRecentLinkToken(trx, clientId, user.id, 'reset', RESET_RESEND_SECONDS)) return;
    await sendPasswordResetMail(trx, deps.config, client, { ...user, email }, job.locale ?? undefined);
  });
}

const invalidLink = (purpose: TTokenPurpose) =>
  badRequest(purpose === 'activation' ? 'activation_failed' : 'reset_link_expired');

export async function checkLinkToken(deps: AppDeps, tenant: Tenant, token: string, purpose: TTokenPurpose) {
  if (await isLinkTokenUsable(deps.db, tenant.id, token, purpose)) return { valid: true };
  // The holder of a used link learns it was used, not that it expired: their password is set already.
  return (await isLinkTokenUsed(deps.db, tenant.id, token, purpose))
    ? { valid: false, used: true as const }
    : { valid: false };
}

/**
 * Sets the password from an activation (/init-password) or reset (/reset-password) link and signs the user in.
 * The link is used up in the same transaction as the new password; every other session ends.
 */
export async function setPasswordFromLink(
  deps: AppDeps,
  tenant: Tenant,
  body: TActivateBody,
  meta: { ip: string; userAgent?: string },
): Promise<{ userId: string; token: string }> {
  if (body.newPassword !== body.newPasswordRepeat) badRequest('password_mismatch');
  const found = await findUsableLinkToken(deps.db, tenant.id, body.token, body.purpose);
  if (!found) return invalidLink(body.purpose);
  const user = (await findUserById(deps.db, tenant.id, found.user_id)) ?? invalidLink(body.purpose);
  if (user.login_type === LOGIN_TYPES.SCIM) badRequest('externally_managed');
  assertPasswordAcceptable(body.newPassword, {
    minLength: tenant.minPasswordLength,
    email: user.email,
    username: user.username,
  });
  if (user.initial_password_hash && (await verifyPassword(user.initial_password_hash, body.newPassword)).ok)
    badRequest('password_same_as_initial');
  const hash = await hashPassword(body.newPassword);

  const token = await deps.db.transaction().execute(async (trx) => {
    const userId = await consumeLinkToken(trx, tenant.id, body.token, body.purpose);
    if (userId !== user.id) return invalidLink(body.purpose);
    await updateUserFields(trx, tenant.id, user.id, {
      password_hash: hash,
      initial_password_hash: null,
      is_password_change_required: false,
      password_updated_at: nowIso(),
      failed_login_count: 0,
      locked_until: null,
    });
    await revokeLinkTokens(trx, tenant.id, user.id);
    await endUserSessions(trx, user.id);
    const session = isUserActiveOn(user, nowIso().slice(0, 10))
      ? await createSession(trx, { id: user.id, clientId: tenant.id }, meta)
      : null;
    // The link proves the person: the entry is theirs, from the address that used it.
    await audit(trx, { actor: { kind: 'user', id: user.id }, ip: meta.ip }, tenant.id, 'user.password-changed', {
      object: { type: 'user', id: user.id },
      subjectUserId: user.id,
      detail: { how: body.purpose },
    });
    return session;
  });
  // The password is saved either way; an inactive account just cannot sign in yet.
  if (!token) return fail(401, 'login_failed');
  return { userId: user.id, token };
}
