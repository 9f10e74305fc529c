import { recordAudits } from '../../platform/audit/audit';
import { auditEntry, type AuditWho } from '../../platform/audit/audit-actor';
import { DEFAULT_LOCALE } from '@lms/contracts/constants';
import { LOGIN_TYPES } from '@lms/contracts/roles';
import type { Db, DbOrTrx } from '../../db/database';
import { newId, nowIso } from '../../platform/ids';
import { settle, turnBatch, type Settled } from '../../platform/turn-batch';
import { insertUsersReturning, loginClashAmong, loginValues, usersByLogin, type UserRow } from '../users';
import { scimFail } from './scim-error';
import { insertResources, type ScimData } from './scim-resource.repository';
import { userFieldsOf, userResource, type UserColumns } from './scim-user-map';

/** A User resource to create, checked and mapped already (a bad body never reaches a batch). */
export interface NewScimUser {
  clientId: string;
  base: string;
  data: ScimData;
  columns: UserColumns;
  who: AuditWho;
}

const clashFail = (clash: 'email_taken' | 'username_taken'): never =>
  scimFail(409, 'uniqueness', clash === 'email_taken' ? 'The e-mail is in use.' : 'userName is in use.');

const newRow = (u: NewScimUser, id: string, now: string) => ({
  id,
  client_id: u.clientId,
  ...userFieldsOf(u.columns),
  locale: u.columns.locale ?? DEFAULT_LOCALE,
  role: 'PARTICIPANT' as const,
  login_type: LOGIN_TYPES.SCIM,
  password_hash: null,
  is_password_change_required: false,
  is_welcome_dialog_seen: false,
  created_at: now,
  updated_at: now,
});

/**
 * The new users of one client in one transaction: one read for every login of the batch, one insert of the users
 * (answering their rows as stored) and one of their resources. Each user is checked as if the batch ran one by one:
 * its login against the client's users and the batch's users before it (409 for the later one, as today). A new user
 * is in no group yet, and its stored resource is what was sent, version 1.
 */
async function createInOneTransaction(trx: DbOrTrx, users: NewScimUser[]): Promise<Array<Settled<ScimData>>> {
  const clientId = (users[0] as NewScimUser).clientId;
  const values = [...new Set(users.flatMap((u) => loginValues(u.columns)))];
  const taken: Array<Pick<UserRow, 'email_normalized' | 'username_normalized'>> =
    values.length > 0 ? await usersByLogin(trx, clientId, values).execute() : [];
  const now = nowIso();
  const checked = users.map((u) => {
    const clash = loginClashAmong(taken, u.columns);
    if (clash) return { clash };
    taken.push(u.columns);
    return { id: newId() };
  });
  const fresh = users.flatMap((u, i) => {
    const id = checked[i]?.id;
    return id ? [{ u, id }] : [];
  });
  const stored =
    fresh.length > 0
      ? await insertUsersReturning(
          trx,
          fresh.map(({ u, id }) => newRow(u, id, now)),
        )
      : [];
  if (fresh.length > 0)
    await insertResources(
      trx,
      clientId,
      'User',
      fresh.map(({ u, id }) => ({ id, data: u.data })),
    );
  // Each POST /Users is one write operation of the directory: one entry per created user, batch or not, in the
  // batch's order (one statement for all of them: the chain is as one-by-one entries would make it).
  await recordAudits(
    trx,
    clientId,
    fresh.map(({ u, id }) =>
      auditEntry(u.who, clientId, 'scim.write', {
        object: { type: 'user', id },
        subjectUserId: id,
        detail: { op: 'create', resource: 'User' },
      }),
    ),
  );
  const rows = new Map(stored.map((r) => [r.id, r]));
  return users.map((u, i) =>
    settle(() => {
      const { id, clash } = checked[i] ?? {};
      if (clash) return clashFail(clash);
      const row = id ? rows.get(id) : undefined;
      if (!row) throw new Error(`SCIM create: user ${id} not found after its insert`);
      return userResource(row, u.data, { base: u.base, version: 1 }, []);
    }),
  );
}

/** One user alone (a batch that failed is retried this way, so each caller gets its own outcome). */
const createAlone = (db: Db, user: NewScimUser): Promise<ScimData> =>
  db.transaction().execute(async (trx) => {
    const [settled] = await createInOneTransaction(trx, [user]);
    if (!settled?.ok) throw settled?.error;
    return settled.value;
  });

/**
 * A batch's users by client, each client's in one transaction. A transaction that fails (above all a unique index
 * refusing a login that another process or an overlapping batch wrote meanwhile) is retried user by user, so only
 * the user that raced gets the 409.
 */
async function flush(db: Db, users: NewScimUser[]): Promise<Array<Settled<ScimData>>> {
  const byClient = new Map<string, number[]>();
  users.forEach((u, i) => byClient.set(u.clientId, [...(byClient.get(u.clientId) ?? []), i]));
  const out: Array<Settled<ScimData>> = [];
  for (const indexes of byClient.values()) {
    const group = indexes.map((i) => users[i] as NewScimUser);
    let settled: Array<Settled<ScimData>>;
    try {
      settled = await db.transaction().execute((trx) => createInOneTransaction(trx, group));
    } catch {
      settled = [];
      for (const user of group)
        settled.push(
          await createAlone(db, user).then(
            (value) => ({ ok: true as const, value }),
            (error: unknown) => ({ ok: false as const, error }),
          ),
        );
    }
    indexes.forEach((i, k) => (out[i] = settled[k] as Settled<ScimData>));
  }
  return out;
}

const batches = new WeakMap<Db, (user: NewScimUser) => Promise<ScimData>>();

/**
 * POST /Users, batched (issue 33: a directory's first sync sends thousands of creates, many at once): the creates that
 * arrive in one turn of the event loop share one transaction and a handful of statements instead of eight round
 * trips each. Each caller is answered after the COMMIT, with its own resource or its own error.
 */
export function createScimUserBatched(db: Db, user: NewScimUser): Promise<ScimData> {
  let batch = batches.get(db);
  if (!batch) batches.set(db, (batch = turnBatch((users: NewScimUser[]) => flush(db, users))));
  return batch(user);
}
