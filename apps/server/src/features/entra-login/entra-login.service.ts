import { createHash, randomBytes } from 'node:crypto';
import type { TLoginResult } from '@lms/contracts/auth';
import { ENTRA_NONCE_MINUTES, type TEntraConfig, type TEntraLoginBody } from '@lms/contracts/entra';
import type { TRole } from '@lms/contracts/roles';
import { mayUseClosedPlatform } from '../../platform/access';
import { isUserActiveOn } from '../../platform/active-window';
import type { AppDeps } from '../../platform/deps';
import { fail } from '../../platform/errors';
import { nowIso } from '../../platform/ids';
import { audit } from '../../platform/audit/audit-actor';
import { createSession } from '../../platform/session';
import { isPlatformOpen, type Tenant } from '../../platform/tenant';
import { findEntraSettings, isEntraUsable } from '../clients';
import { findUserById, updateUserFields, findScimUserByEmail } from '../users';
import { loginResult } from '../auth';
import { consumeNonce, findLinkedUserId, insertLink, insertNonce, isUserLinked } from './entra-login.repository';
import { verifyEntraIdToken } from './entra-token';

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
const authorityOf = (deps: AppDeps, tenantId: string) => `${deps.config.entraAuthority.replace(/\/$/, '')}/${tenantId}`;

/** Spec section 5: offered only when the client has Entra enabled with a client id and a tenant id. */
export async function entraConfig(deps: AppDeps, tenant: Tenant): Promise<TEntraConfig> {
  const s = await findEntraSettings(deps.db, tenant.id);
  if (!isEntraUsable(s)) return { available: false, clientId: null, tenantId: null, authority: null };
  return { available: true, clientId: s.clientId, tenantId: s.tenantId, authority: authorityOf(deps, s.tenantId) };
}

/** A fresh nonce for one sign-in: the web app hands it to msal, the ID token carries it back, it works once. */
export async function issueEntraNonce(deps: AppDeps, tenant: Tenant): Promise<{ nonce: string }> {
  if (!isEntraUsable(await findEntraSettings(deps.db, tenant.id))) fail(400, 'entra_not_available');
  const nonce = randomBytes(16).toString('base64url');
  const expires = new Date(Date.now() + ENTRA_NONCE_MINUTES * 60_000).toISOString();
  await insertNonce(deps.db, tenant.id, sha256(nonce), expires);
  return { nonce };
}

/**
 * POST /api/user/login-with-entra-id. Users are linked by tid + oid; the first sign-in of an externally managed
 * user may link by a verified e-mail, after that only the link counts (a changed e-mail never moves an account).
 * No such user: "not yet synchronised" (the directory has not provisioned them).
 */
export async function loginWithEntra(
  deps: AppDeps,
  tenant: Tenant,
  body: TEntraLoginBody,
  meta: { ip?: string; userAgent?: string },
): Promise<TLoginResult> {
  const s = await findEntraSettings(deps.db, tenant.id);
  if (!isEntraUsable(s)) return fail(400, 'entra_not_available');
  const id = await verifyEntraIdToken(body.idToken, {
    authority: deps.config.entraAuthority,
    clientId: s.clientId,
    tenantId: s.tenantId,
  });
  return deps.db.transaction().execute(async (trx) => {
    if (!(await consumeNonce(trx, tenant.id, sha256(id.nonce)))) fail(401, 'entra_token_invalid');
    let userId = await findLinkedUserId(trx, tenant.id, id.tid, id.oid);
    if (!userId && id.email && id.emailVerified) {
      const candidate = await findScimUserByEmail(trx, tenant.id, id.email);
      if (candidate && !(await isUserLinked(trx, tenant.id, candidate.id))) {
        await insertLink(trx, { clientId: tenant.id, userId: candidate.id, tid: id.tid, oid: id.oid });
        userId = candidate.id;
      }
    }
    const user = userId ? await findUserById(trx, tenant.id, userId) : undefined;
    if (!user) return fail(403, 'entra_user_not_synchronised');
    if (!isUserActiveOn(user, nowIso().slice(0, 10))) return fail(401, 'login_failed');
    if (!isPlatformOpen(tenant) && !mayUseClosedPlatform(user.role as TRole)) fail(403, 'platform_inactive');
    await updateUserFields(trx, tenant.id, user.id, { last_login_at: nowIso() });
    const token = await createSession(trx, { id: user.id, clientId: tenant.id }, meta);
    await audit(trx, { actor: { kind: 'user', id: user.id }, ip: meta.ip ?? null }, tenant.id, 'auth.sign-in', {
      object: { type: 'user', id: user.id },
      subjectUserId: user.id,
      detail: { method: 'entra' },
    });
    return loginResult(user, token);
  });
}
