import { audit } from '../../platform/audit/audit-actor';
import type { DbOrTrx } from '../../db/database';
import { directoryGroupRefsOfUser } from '../groups';
import {
  deleteDirectoryUser,
  findDirectoryUser,
  findLoginClash,
  listDirectoryUsers,
  saveDirectoryUser,
  type UserRow,
} from '../users';
import type { ScimContext } from './scim-context';
import { scimFail } from './scim-error';
import { applyOperations, readOperations } from './scim-patch-ops';
import { filterTerms, listResponse, parseListQuery } from './scim-query';
import { deleteResource, findResources, updateResource, type ScimData } from './scim-resource.repository';
import { createScimUserBatched } from './scim-user-create';
import { columnsOf, project, storedDataOf, userFieldsOf, userResource, type UserColumns } from './scim-user-map';

const FILTERABLE = ['id', 'username', 'externalid', 'emails.value'];

const asData = (body: unknown): ScimData =>
  body && typeof body === 'object' && !Array.isArray(body)
    ? (body as ScimData)
    : scimFail(400, 'invalidSyntax', 'The body must be a User resource.');

async function assertLoginFree(db: DbOrTrx, clientId: string, c: UserColumns, exceptId?: string) {
  const clash = await findLoginClash(db, clientId, { email: c.email, username: c.username }, exceptId);
  if (clash) scimFail(409, 'uniqueness', clash === 'email_taken' ? 'The e-mail is in use.' : 'userName is in use.');
}

async function present(ctx: ScimContext, db: DbOrTrx, row: UserRow): Promise<ScimData> {
  const stored = (await findResources(db, ctx.clientId, 'User', [row.id])).get(row.id);
  const groups = await directoryGroupRefsOfUser(db, ctx.clientId, row.id);
  return userResource(row, stored?.data ?? {}, { base: ctx.base, version: stored?.version ?? 1 }, groups);
}

async function requireUser(ctx: ScimContext, db: DbOrTrx, id: string): Promise<UserRow> {
  const row = await findDirectoryUser(db, ctx.clientId, id);
  return row ?? scimFail(404, undefined, `User ${id} not found.`);
}

export async function listScimUsers(ctx: ScimContext, query: Record<string, unknown>) {
  const q = parseListQuery(query);
  const t = filterTerms(q.filter, FILTERABLE);
  const { total, rows } = await listDirectoryUsers(
    ctx.deps.db,
    ctx.clientId,
    { id: t.get('id'), userName: t.get('username'), externalId: t.get('externalid'), email: t.get('emails.value') },
    { offset: q.startIndex - 1, limit: q.count },
  );
  const stored = await findResources(
    ctx.deps.db,
    ctx.clientId,
    'User',
    rows.map((r) => r.id),
  );
  const resources = rows.map((r) => {
    const s = stored.get(r.id);
    return project(userResource(r, s?.data ?? {}, { base: ctx.base, version: s?.version ?? 1 }), q);
  });
  return listResponse(total, q.startIndex, resources);
}

export async function getScimUser(ctx: ScimContext, id: string, query: Record<string, unknown>) {
  const q = parseListQuery(query);
  return project(await present(ctx, ctx.deps.db, await requireUser(ctx, ctx.deps.db, id)), q);
}

/** POST /Users: an externally managed participant (login type SCIM) without a password (scim-user-create.ts). */
export function createScimUser(ctx: ScimContext, body: unknown): Promise<ScimData> {
  const data = storedDataOf(asData(body));
  return createScimUserBatched(ctx.deps.db, {
    clientId: ctx.clientId,
    base: ctx.base,
    data,
    columns: columnsOf(data),
    who: ctx.who,
  });
}

/** One entry per write operation of the directory on a User (its active flag and groups included). */
const auditScim = (ctx: ScimContext, trx: DbOrTrx, op: 'replace' | 'patch' | 'delete', id: string) =>
  audit(trx, ctx.who, ctx.clientId, 'scim.write', {
    object: { type: 'user', id },
    subjectUserId: id,
    detail: { op, resource: 'User' },
  });

async function saveUser(ctx: ScimContext, trx: DbOrTrx, row: UserRow, next: ScimData): Promise<ScimData> {
  const data = storedDataOf(next);
  const c = columnsOf(data);
  await assertLoginFree(trx, ctx.clientId, c, row.id);
  await saveDirectoryUser(trx, row, userFieldsOf(c));
  await updateResource(trx, ctx.clientId, 'User', row.id, data);
  return present(ctx, trx, await requireUser(ctx, trx, row.id));
}

/** PUT /Users/{id} (Okta's update): the resource as sent replaces the stored one. */
export function replaceScimUser(ctx: ScimContext, id: string, body: unknown): Promise<ScimData> {
  const data = asData(body);
  return ctx.deps.db.transaction().execute(async (trx) => {
    const saved = await saveUser(ctx, trx, await requireUser(ctx, trx, id), data);
    await auditScim(ctx, trx, 'replace', id);
    return saved;
  });
}

/** PATCH /Users/{id}: the operations on the resource as the directory reads it. */
export function patchScimUser(ctx: ScimContext, id: string, body: unknown): Promise<ScimData> {
  const ops = readOperations('User', body);
  return ctx.deps.db.transaction().execute(async (trx) => {
    const row = await requireUser(ctx, trx, id);
    const current = await present(ctx, trx, row);
    delete current.groups;
    const saved = await saveUser(ctx, trx, row, applyOperations(current, ops));
    await auditScim(ctx, trx, 'patch', id);
    return saved;
  });
}

export function deleteScimUser(ctx: ScimContext, id: string): Promise<void> {
  return ctx.deps.db.transaction().execute(async (trx) => {
    await requireUser(ctx, trx, id);
    await deleteDirectoryUser(trx, ctx.clientId, id);
    await deleteResource(trx, ctx.clientId, id);
    await auditScim(ctx, trx, 'delete', id);
  });
}
