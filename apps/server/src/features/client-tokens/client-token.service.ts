import type { DbOrTrx } from '../../db/database';
import { audit, auditWhoOf } from '../../platform/audit/audit-actor';
import type {
  TClientToken,
  TClientTokenPage,
  TCreatedClientToken,
  TInvalidatedClientTokens,
  ZClientTokenQuery,
  ZCreateClientTokenBody,
} from '@lms/contracts/client-tokens';
import type { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import { hashToken, type Actor } from '../../platform/session';
import { assertMayActOnClient } from '../clients';
import { findUserById } from '../users';
import { isExpired, newClientTokenSecret, utcDay } from './client-token-secret';
import {
  findToken,
  findTokenClientId,
  insertToken,
  invalidateTokens,
  pageTokens,
  type ClientTokenView,
} from './client-token.repository';

/** PERMISSIONS.md "SMTP settings and secret tokens". */
const CAPABILITY = 'clients.smtpAndTokens';

export const presentClientToken = (r: ClientTokenView, now = new Date()): TClientToken => ({
  id: r.id,
  clientId: r.client_id,
  name: r.name,
  expiresOn: r.expires_on,
  status: r.is_active ? 'active' : 'inactive',
  expired: isExpired(r.expires_on, now),
  createdByName: r.created_by_name,
  createdAt: r.created_at,
  lastAccessedAt: r.last_accessed_at,
  invalidatedAt: r.invalidated_at,
});

export async function listClientTokens(
  deps: AppDeps,
  actor: Actor,
  query: z.output<typeof ZClientTokenQuery>,
): Promise<TClientTokenPage> {
  await assertMayActOnClient(deps.db, actor, CAPABILITY, query.clientId);
  const { rows, total } = await pageTokens(deps.db, query.clientId, query);
  const now = new Date();
  return {
    items: rows.map((r) => presentClientToken(r, now)),
    total,
    totalCapped: false,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * DECISIONS "secret tokens": the secret exists in clear only in this answer; the table keeps its SHA-256. The
 * creator's name is kept as it was then (a reseller's user belongs to another client, and may be deleted).
 */
export async function createClientToken(
  deps: AppDeps,
  actor: Actor,
  body: z.output<typeof ZCreateClientTokenBody>,
): Promise<TCreatedClientToken> {
  await assertMayActOnClient(deps.db, actor, CAPABILITY, body.clientId);
  if (body.expiresOn !== null && body.expiresOn < utcDay(new Date())) badRequest('client_token_expiry_past');
  const creator = await findUserById(deps.db, actor.clientId, actor.userId);
  const secret = newClientTokenSecret();
  const id = newId();
  await deps.db.transaction().execute(async (trx) => {
    await insertToken(trx, {
      id,
      client_id: body.clientId,
      name: body.name,
      secret_hash: hashToken(secret),
      expires_on: body.expiresOn,
      is_active: true,
      created_by_user_id: actor.userId,
      created_by_name: creator ? `${creator.first_name} ${creator.last_name}`.trim() : '',
      created_at: nowIso(),
      last_accessed_at: null,
      invalidated_at: null,
    });
    // Name and expiry only: neither the secret nor its hash enters the trail.
    await audit(trx, auditWhoOf(actor), body.clientId, 'token.created', {
      object: { type: 'client-token', id },
      after: { name: body.name, expiresOn: body.expiresOn },
    });
  });
  const row = (await findToken(deps.db, body.clientId, id)) ?? notFound('token');
  return { token: presentClientToken(row), secret };
}

/** DELETE /api/client-token/{id}: the token becomes inactive and stays listed; invalidating it again changes nothing. */
export async function invalidateClientToken(deps: AppDeps, actor: Actor, id: string): Promise<TClientToken> {
  const clientId = (await findTokenClientId(deps.db, id)) ?? notFound('token');
  await assertMayActOnClient(deps.db, actor, CAPABILITY, clientId);
  await deps.db.transaction().execute(async (trx) => {
    const ids = await invalidateTokens(trx, clientId, nowIso(), id);
    await auditInvalidated(trx, actor, clientId, ids);
  });
  return presentClientToken((await findToken(deps.db, clientId, id)) ?? notFound('token'));
}

/** DELETE /api/client-token?clientId=: every active token of the client, in one statement. */
export async function invalidateAllClientTokens(
  deps: AppDeps,
  actor: Actor,
  clientId: string,
): Promise<TInvalidatedClientTokens> {
  await assertMayActOnClient(deps.db, actor, CAPABILITY, clientId);
  const ids = await deps.db.transaction().execute(async (trx) => {
    const done = await invalidateTokens(trx, clientId, nowIso());
    await auditInvalidated(trx, actor, clientId, done);
    return done;
  });
  return { invalidated: ids.length };
}

/** One entry per token invalidated (invalidating all is one action on each). */
async function auditInvalidated(trx: DbOrTrx, actor: Actor, clientId: string, ids: readonly string[]) {
  for (const id of ids)
    await audit(trx, auditWhoOf(actor), clientId, 'token.invalidated', {
      object: { type: 'client-token', id },
      before: { active: true },
      after: { active: false },
    });
}
