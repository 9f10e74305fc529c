import type { Db } from '../src/db/database';
import { newId, nowIso } from '../src/platform/ids';
import type { TestClient, TestUser } from './factories';

export interface TestGroup {
  id: string;
  name: string;
}

let seq = 0;

/** A group with members and coordinators, written straight to the database. */
export async function createGroup(
  db: Db,
  client: TestClient,
  opts: { name?: string; members?: TestUser[]; coordinators?: TestUser[]; external?: boolean } = {},
): Promise<TestGroup> {
  const now = nowIso();
  const name = opts.name ?? `Group ${Date.now().toString(36)}${(seq++).toString(36)}`;
  const id = newId();
  await db
    .insertInto('groups')
    .values({
      id,
      client_id: client.id,
      name,
      name_normalized: name.toLowerCase(),
      is_externally_managed: opts.external ?? false,
      external_id: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  for (const [table, users] of [
    ['group_members', opts.members ?? []],
    ['group_coordinators', opts.coordinators ?? []],
  ] as const) {
    for (const u of users)
      await db
        .insertInto(table)
        .values({ group_id: id, user_id: u.id, client_id: client.id, created_at: now })
        .execute();
  }
  return { id, name };
}
