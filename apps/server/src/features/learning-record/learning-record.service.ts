import type { TLearningRecord, TRecordCertificate } from '@lms/contracts/learning-record';
import { scopeOf } from '@lms/contracts/permissions';
import type { DbOrTrx } from '../../db/database';
import type { AppDeps } from '../../platform/deps';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { nowIso } from '../../platform/ids';
import type { Actor } from '../../platform/session';
import { certificatesOfUser } from '../certificates';
import { assertMayActOnClient, findClientName } from '../clients';
import { trainingRecordOf } from '../trainings';
import { findUserById, findUserClientId, findUserInScope, fullName, resolveUserScope, type UserRow } from '../users';

/**
 * Who may read whose learning record (issue 31 point 2; PERMISSIONS.md "reports", `reports.read`): a COORDINATOR the
 * users of the groups they coordinate, an ADMIN the client's, RESELLER and RESELLER_COORDINATOR their own client's
 * and their resold clients' (read only), the SUPERADMIN every client's. Anyone out of reach is not found (404), as
 * if they did not exist; a role without the capability was refused by the route's guard (403).
 */
async function reachUser(deps: AppDeps, actor: Actor, userId: string): Promise<UserRow> {
  const scope = scopeOf(actor.role, 'reports.read');
  if (!scope) return forbidden();
  if (scope === 'groups' || scope === 'client')
    return findUserInScope(deps.db, await resolveUserScope(deps, actor), userId);
  const clientId = (await findUserClientId(deps.db, userId)) ?? notFound('user');
  if (clientId === actor.clientId) return findUserInScope(deps.db, await resolveUserScope(deps, actor), userId);
  // Out of reach answers as an unknown id would: "user", never "client" (which would say the id exists elsewhere).
  try {
    await assertMayActOnClient(deps.db, actor, 'reports.read', clientId, 'read');
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 404) return notFound('user');
    throw err;
  }
  return (await findUserById(deps.db, clientId, userId)) ?? notFound('user');
}

/** The record of a user whose row the caller has reached: their trainings, cycles, results and certificates. */
async function recordOf(db: DbOrTrx, user: UserRow, locale: Actor['locale']): Promise<TLearningRecord> {
  const now = nowIso();
  const [trainings, certificates, clientName] = await Promise.all([
    trainingRecordOf(db, user.client_id, user.id, locale),
    certificatesOfUser(db, user.client_id, user.id),
    findClientName(db, user.client_id),
  ]);
  const certificateOf = new Map(certificates.map((c) => [c.id, c]));
  const present = (id: string | null): TRecordCertificate | null => {
    const c = id ? certificateOf.get(id) : undefined;
    if (!c) return null;
    return {
      id: c.id,
      issuedAt: c.issuedAt,
      validUntil: c.validUntil,
      state: c.validUntil !== null && c.validUntil <= now ? 'expired' : 'valid',
    };
  };
  return {
    user: {
      id: user.id,
      name: fullName(user),
      email: user.email,
      username: user.username,
      personnelNumber: user.personell_number,
    },
    clientName: clientName ?? '',
    generatedAt: now,
    trainings: trainings.map(({ cycles, ...t }) => ({
      ...t,
      cycles: cycles.map(({ certificateId, completedModules: _c, requiredModules: _r, ...c }) => ({
        ...c,
        certificate: present(certificateId),
      })),
    })),
  };
}

/** `GET /api/reports/records/{userId}`: another person's record, within the reader's reach. */
export async function getLearningRecord(deps: AppDeps, actor: Actor, userId: string): Promise<TLearningRecord> {
  const user = await reachUser(deps, actor, userId);
  return recordOf(deps.db, user, actor.locale);
}

/** `GET /api/account/learning-record`: the signed-in person's own record. */
export async function getOwnLearningRecord(deps: AppDeps, actor: Actor): Promise<TLearningRecord> {
  const user = (await findUserById(deps.db, actor.clientId, actor.userId)) ?? notFound('user');
  return recordOf(deps.db, user, actor.locale);
}
