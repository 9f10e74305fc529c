import type { DbOrTrx } from '../../db/database';
import { nowIso } from '../../platform/ids';

export type ScimKind = 'User' | 'Group';
export type ScimData = Record<string, unknown>;

export interface StoredResource {
  data: ScimData;
  version: number;
  created_at: string;
  updated_at: string;
}

const parseData = (text: string): ScimData => {
  const v: unknown = JSON.parse(text);
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as ScimData) : {};
};

export async function findResources(
  db: DbOrTrx,
  clientId: string,
  kind: ScimKind,
  ids: readonly string[],
): Promise<Map<string, StoredResource>> {
  const out = new Map<string, StoredResource>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('scim_resources')
      .select(['id', 'data', 'version', 'created_at', 'updated_at'])
      .where('client_id', '=', clientId)
      .where('resource_type', '=', kind)
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const r of rows) out.set(r.id, { ...r, data: parseData(r.data) });
  }
  return out;
}

export const insertResource = (db: DbOrTrx, clientId: string, kind: ScimKind, id: string, data: ScimData) =>
  insertResources(db, clientId, kind, [{ id, data }]);

/** New resources of one kind, version 1, in statements of 500 rows. */
export async function insertResources(
  db: DbOrTrx,
  clientId: string,
  kind: ScimKind,
  resources: ReadonlyArray<{ id: string; data: ScimData }>,
) {
  const now = nowIso();
  for (let i = 0; i < resources.length; i += 500) {
    await db
      .insertInto('scim_resources')
      .values(
        resources.slice(i, i + 500).map(({ id, data }) => ({
          id,
          client_id: clientId,
          resource_type: kind,
          data: JSON.stringify(data),
          version: 1,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
}

export async function updateResource(db: DbOrTrx, clientId: string, kind: ScimKind, id: string, data: ScimData) {
  await db
    .updateTable('scim_resources')
    .set((eb) => ({ data: JSON.stringify(data), version: eb('version', '+', 1), updated_at: nowIso() }))
    .where('client_id', '=', clientId)
    .where('resource_type', '=', kind)
    .where('id', '=', id)
    .execute();
}

export async function deleteResource(db: DbOrTrx, clientId: string, id: string) {
  await db.deleteFrom('scim_resources').where('client_id', '=', clientId).where('id', '=', id).execute();
}
