import type { TRole } from '@lms/contracts/roles';
import type { Db } from '../../db/database';
import { createClient, createUser, signIn, type TestClient } from '../../../test/factories';
import type { TestContext } from '../../../test/test-app';

/** A reseller client (like Demo) with a client it resells (like Beta), and a caller per role of the reseller. */
export async function resellerWorld(c: TestContext) {
  const { app, deps } = c;
  const reseller = await createClient(deps.db, { is_reseller: true });
  const resold = await createClient(deps.db, { reseller_client_id: reseller.id });
  const otherReseller = await createClient(deps.db, { is_reseller: true });
  const foreign = await createClient(deps.db, { reseller_client_id: otherReseller.id });
  const as = async (client: TestClient, role: TRole) => signIn(app, await createUser(deps.db, client, { role }));
  return { reseller, resold, otherReseller, foreign, as };
}

export const clientRow = (db: Db, id: string) =>
  db.selectFrom('clients').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** A valid create body; `name` and `platformDomain` unique per call unless given. */
let seq = 0;
export function newClientBody(overrides: Record<string, unknown> = {}) {
  const n = `${Date.now().toString(36)}${(seq++).toString(36)}`;
  return {
    name: `Neukunde ${n}`,
    platformDomain: `neu-${n}.example`,
    admin: { email: `admin-${n}@neu.example`, firstName: 'Nora', lastName: 'Neu', locale: 'de-DE' },
    ...overrides,
  };
}
