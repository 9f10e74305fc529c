import type { TUser } from '@lms/contracts/users';
import type { DbOrTrx } from '../../db/database';
import { membershipsOfUsers } from '../groups';
import { presentUser } from './user.presenter';
import { findCompany, type UserRow } from './user.repository';

/** Rows with their company name and groups, in one query per relation for the whole page. */
export async function presentUserRows(
  db: DbOrTrx,
  clientId: string,
  rows: ReadonlyArray<UserRow & { company_name?: string | null }>,
): Promise<TUser[]> {
  const { groups, coordinated } = await membershipsOfUsers(
    db,
    clientId,
    rows.map((r) => r.id),
  );
  const companyNames = new Map<string, string | null>();
  for (const r of rows) {
    if (!r.company_id || companyNames.has(r.company_id)) continue;
    companyNames.set(r.company_id, r.company_name ?? (await findCompany(db, clientId, r.company_id))?.name ?? null);
  }
  return rows.map((r) =>
    presentUser(r, {
      companyName: r.company_id ? (companyNames.get(r.company_id) ?? null) : null,
      groups: groups.get(r.id) ?? [],
      coordinatedGroups: coordinated.get(r.id) ?? [],
    }),
  );
}

export async function presentOneUser(db: DbOrTrx, clientId: string, row: UserRow): Promise<TUser> {
  const [user] = await presentUserRows(db, clientId, [row]);
  return user!;
}
