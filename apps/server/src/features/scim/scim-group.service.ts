import { audit } from '../../platform/audit/audit-actor';
import type { DbOrTrx } from '../../db/database';
import { newId } from '../../platform/ids';
import {
  changeDirectoryGroupMembers,
  createDirectoryGroup,
  deleteDirectoryGroup,
  findDirectoryGroup,
  listDirectoryGroups,
  memberIdsOfDirectoryGroup,
  updateDirectoryGroup,
  type GroupRow,
} from '../groups';
import { findDirectoryUsersByIds } from '../users';
import type { ScimContext } from './scim-context';
import { scimFail } from './scim-error';
import { applyOperations, readOperations } from './scim-patch-ops';
import { filterTerms, listResponse, parseListQuery, type ScimListQuery } from './scim-query';
import {
  deleteResource,
  findResources,
  insertResource,
  updateResource,
  type ScimData,
} from './scim-resource.repository';
import { GROUP_SCHEMA, knownAttributes } from './scim-schema';
import { project } from './scim-user-map';

export { GROUP_SCHEMA };

const FILTERABLE = ['id', 'displayname', 'externalid', 'members.value'];
const NOT_STORED = new Set(['id', 'meta', 'members', 'displayName', 'externalId', 'schemas']);

const asData = (body: unknown): ScimData =>
  body && typeof body === 'object' && !Array.isArray(body)
    ? (body as ScimData)
    : scimFail(400, 'invalidSyntax', 'The body must be a Group resource.');

function groupFields(data: ScimData): { name: string; externalId: string | null } {
  const name = data.displayName;
  if (typeof name !== 'string' || !name.trim()) return scimFail(400, 'invalidValue', 'displayName is required.');
  if (name.length > 200) return scimFail(400, 'invalidValue', 'displayName is too long.');
  const ext = data.externalId;
  if (ext !== undefined && ext !== null && typeof ext !== 'string')
    return scimFail(400, 'invalidValue', 'externalId must be a string.');
  return { name: name.trim(), externalId: ext || null };
}

/** The attributes kept beside the group's columns: those of the Group schema (scim-schema.ts) the columns do not hold. */
const extraData = (data: ScimData): ScimData =>
  Object.fromEntries(Object.entries(knownAttributes('Group', data)).filter(([k]) => !NOT_STORED.has(k)));

/** Member values of a resource: user ids of this client's directory; any other value is refused. */
async function memberIds(ctx: ScimContext, db: DbOrTrx, members: unknown): Promise<string[]> {
  if (members === undefined || members === null) return [];
  if (!Array.isArray(members)) return scimFail(400, 'invalidValue', 'members must be a list.');
  const ids = [
    ...new Set(
      members.map((m) => {
        const v = (m as { value?: unknown } | null)?.value;
        return typeof v === 'string' ? v : scimFail(400, 'invalidValue', 'members[].value must be a string.');
      }),
    ),
  ];
  const found = new Set((await findDirectoryUsersByIds(db, ctx.clientId, ids)).map((u) => u.id));
  const unknown = ids.filter((id) => !found.has(id));
  if (unknown.length > 0) scimFail(400, 'invalidValue', `Unknown members: ${unknown.slice(0, 5).join(', ')}.`);
  return ids;
}

async function groupResource(
  ctx: ScimContext,
  db: DbOrTrx,
  g: GroupRow,
  q: Pick<ScimListQuery, 'attributes' | 'excludedAttributes'>,
): Promise<ScimData> {
  const stored = (await findResources(db, ctx.clientId, 'Group', [g.id])).get(g.id);
  const withMembers = !q.excludedAttributes.includes('members');
  const members = withMembers ? await memberIdsOfDirectoryGroup(db, ctx.clientId, g.id) : [];
  const names = new Map((await findDirectoryUsersByIds(db, ctx.clientId, members)).map((u) => [u.id, u.username]));
  return project(
    {
      schemas: [GROUP_SCHEMA],
      ...(stored?.data ?? {}),
      id: g.id,
      ...(g.external_id ? { externalId: g.external_id } : {}),
      displayName: g.name,
      ...(withMembers
        ? {
            members: members.map((id) => ({
              value: id,
              display: names.get(id) ?? undefined,
              $ref: `${ctx.base}/Users/${id}`,
            })),
          }
        : {}),
      meta: {
        resourceType: 'Group',
        created: g.created_at,
        lastModified: g.updated_at,
        location: `${ctx.base}/Groups/${g.id}`,
        version: `W/"${stored?.version ?? 1}"`,
      },
    },
    q,
  );
}

async function requireGroup(ctx: ScimContext, db: DbOrTrx, id: string): Promise<GroupRow> {
  return (await findDirectoryGroup(db, ctx.clientId, id)) ?? scimFail(404, undefined, `Group ${id} not found.`);
}

export async function listScimGroups(ctx: ScimContext, query: Record<string, unknown>) {
  const q = parseListQuery(query);
  const t = filterTerms(q.filter, FILTERABLE);
  const { total, rows } = await listDirectoryGroups(
    ctx.deps.db,
    ctx.clientId,
    {
      id: t.get('id'),
      displayName: t.get('displayname'),
      externalId: t.get('externalid'),
      memberId: t.get('members.value'),
    },
    { offset: q.startIndex - 1, limit: q.count },
  );
  const resources: ScimData[] = [];
  for (const g of rows) resources.push(await groupResource(ctx, ctx.deps.db, g, q));
  return listResponse(total, q.startIndex, resources);
}

export async function getScimGroup(ctx: ScimContext, id: string, query: Record<string, unknown>) {
  const q = parseListQuery(query);
  return groupResource(ctx, ctx.deps.db, await requireGroup(ctx, ctx.deps.db, id), q);
}

const ALL = { attributes: [], excludedAttributes: [] };

export function createScimGroup(ctx: ScimContext, body: unknown): Promise<ScimData> {
  const data = asData(body);
  const fields = groupFields(data);
  const id = newId();
  return ctx.deps.db.transaction().execute(async (trx) => {
    const members = await memberIds(ctx, trx, data.members);
    await createDirectoryGroup(trx, ctx.clientId, { id, ...fields });
    await insertResource(trx, ctx.clientId, 'Group', id, extraData(data));
    await changeDirectoryGroupMembers(trx, ctx.clientId, id, { add: members, remove: [] });
    await auditScimGroup(ctx, trx, 'create', id, { added: members.length, removed: 0 });
    return groupResource(ctx, trx, await requireGroup(ctx, trx, id), ALL);
  });
}

/** Saves a group's next state: name, externalId, extra attributes and the members as a difference. */
async function saveGroup(ctx: ScimContext, trx: DbOrTrx, g: GroupRow, next: ScimData, before: string[]) {
  const fields = groupFields(next);
  const wanted = await memberIds(ctx, trx, next.members);
  await updateDirectoryGroup(trx, g, fields);
  await updateResource(trx, ctx.clientId, 'Group', g.id, extraData(next));
  const had = new Set(before);
  const want = new Set(wanted);
  const add = wanted.filter((id) => !had.has(id));
  const remove = before.filter((id) => !want.has(id));
  await changeDirectoryGroupMembers(trx, ctx.clientId, g.id, { add, remove });
  return { added: add.length, removed: remove.length };
}

/**
 * One entry per write operation of the directory on a Group, with how many members it added and removed: a PATCH
 * of a thousand members is one operation, not a thousand entries.
 */
const auditScimGroup = (
  ctx: ScimContext,
  trx: DbOrTrx,
  op: 'create' | 'replace' | 'patch' | 'delete',
  id: string,
  members?: { added: number; removed: number },
) =>
  audit(trx, ctx.who, ctx.clientId, 'scim.write', {
    object: { type: 'group', id },
    detail: { op, resource: 'Group', ...(members ? { members } : {}) },
  });

export function replaceScimGroup(ctx: ScimContext, id: string, body: unknown): Promise<ScimData> {
  const data = asData(body);
  return ctx.deps.db.transaction().execute(async (trx) => {
    const g = await requireGroup(ctx, trx, id);
    const members = await saveGroup(ctx, trx, g, data, await memberIdsOfDirectoryGroup(trx, ctx.clientId, id));
    await auditScimGroup(ctx, trx, 'replace', id, members);
    return groupResource(ctx, trx, await requireGroup(ctx, trx, id), ALL);
  });
}

/** PATCH /Groups/{id}: 204 as Entra ID's and Okta's documents show. */
export function patchScimGroup(ctx: ScimContext, id: string, body: unknown): Promise<void> {
  const ops = readOperations('Group', body);
  return ctx.deps.db.transaction().execute(async (trx) => {
    const g = await requireGroup(ctx, trx, id);
    const before = await memberIdsOfDirectoryGroup(trx, ctx.clientId, id);
    const current = await groupResource(ctx, trx, g, ALL);
    current.members = before.map((value) => ({ value }));
    // A removal by value list names members by value only (Entra sends `"$ref": null` beside it).
    const byValue = ops.map((o) =>
      o.op === 'remove' && o.path?.toLowerCase() === 'members' && Array.isArray(o.value)
        ? { ...o, value: (o.value as Array<{ value?: unknown }>).map((m) => ({ value: m?.value })) }
        : o,
    );
    const next = applyOperations(current, byValue);
    const members = await saveGroup(ctx, trx, g, next, before);
    await auditScimGroup(ctx, trx, 'patch', id, members);
  });
}

export function deleteScimGroup(ctx: ScimContext, id: string): Promise<void> {
  return ctx.deps.db.transaction().execute(async (trx) => {
    await deleteDirectoryGroup(trx, await requireGroup(ctx, trx, id));
    await deleteResource(trx, ctx.clientId, id);
    await auditScimGroup(ctx, trx, 'delete', id);
  });
}
