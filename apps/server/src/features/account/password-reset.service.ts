import type { TActivateBody, TPasswordResetBody, TTokenPurpose } from '@lms/contracts/account';
import { LOGIN_TYPES } from '@lms/contracts/roles';
import type { AppDeps } from '../../platform/deps';
import { badRequest, fail } from '../../platform/errors';
import { nowIso } from '../../platform/ids';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { createSession, endUserSessions } from '../../platform/session';
import type { Tenant } from '../../platform/tenant';
import { assertPasswordAcceptable } from '../auth/password-policy';
import { isUserActiveOn } from '../users/user.presenter';
import { findUserById, findUserByLogin, updateUserFields } from '../users/user-accounts.service';
import { sendPasswordResetMail } from './account-invite';
import {
  consumeLinkToken,
  findUsableLinkToken,
  hasRecentLinkToken,
  isLinkTokenUsable,
  revokeLinkTokens,
} from './link-tokens';

/** A new reset mail for the same user at most once a minute: the form cannot be used to flood a mailbox. */
const RESET_RESEND_SECONDS = 60;

/**
 * DECISIONS "reset and activation links": the answer is the same whether or not the account exists (it echoes
 * what was asked). A mail goes only to an active, password-login user with an e-mail address; a locked account
 * still gets one (DECISIONS "lockout").
 */
export async function requestPasswordReset(
  deps: AppDeps,
  tenant: Tenant,
  body: TPasswordResetBody,
): Promise<{ sentTo: string }> {
  const asked = (body.emailOrUsername ?? body.email ?? '').trim();
  const user = await findUserByLogin(deps.db, tenant.id, asked);
  const eligible = user?.email && user.login_type !== LOGIN_TYPES.SCIM && isUserActiveOn(user, nowIso().slice(0, 10));
  if (user?.email && eligible) {
    const email = user.email;
    await deps.db.transaction().execute(async (trx) => {
      if (await hasRecentLinkToken(trx, tenant.id, user.id, 'reset', RESET_RESEND_SECONDS)) return;
      await sendPasswordResetMail(trx, deps.config, tenant, { ...user, email }, body.locale);
    });
  }
  return { sentTo: asked };
}

const invalidLink = (purpose: TTokenPurpose) =>
  badRequest(purpose === 'activation' ? 'activation_failed' : 'reset_link_expired');

export async function checkLinkToken(deps: AppDeps, tenant: Tenant, token: string, purpose: TTokenPurpose) {
  return { valid: await isLinkTokenUsable(deps.db, tenant.id, token, purpose) };
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
    return isUserActiveOn(user, nowIso().slice(0, 10))
      ? createSession(trx, { id: user.id, clientId: tenant.id }, meta)
      : null;
  });
  // The password is saved either way; an inactive account just cannot sign in yet.
  if (!token) return fail(401, 'login_failed');
  return { userId: user.id, token };
}
