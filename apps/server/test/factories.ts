import { DEFAULT_COLOURS } from '@lms/contracts/client';
import { LOGIN_TYPES, type TRole } from '@lms/contracts/roles';
import type { FastifyInstance } from 'fastify';
import type { Insertable } from 'kysely';
import type { ClientsTable, Db, UsersTable } from '../src/db/database';
import { newId, nowIso } from '../src/platform/ids';
import { userSearchKeys } from '../src/features/users/user-search-keys';
import { hashPassword } from '../src/platform/passwords';
import { caller, type Caller } from './test-app';

export const TEST_PASSWORD = 'Test-Passw0rd!';
let cachedHash: Promise<string> | undefined;
/** Hashing costs ~50 ms by design; tests share one hash of TEST_PASSWORD. */
const testPasswordHash = () => (cachedHash ??= hashPassword(TEST_PASSWORD));

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

export interface TestClient {
  id: string;
  name: string;
  host: string;
}

export async function createClient(db: Db, overrides: Partial<Insertable<ClientsTable>> = {}): Promise<TestClient> {
  const u = unique();
  const now = nowIso();
  const row: Insertable<ClientsTable> = {
    id: newId(),
    name: `Client ${u}`,
    name_normalized: `client ${u}`,
    platform_domain: `c${u}.test`,
    is_platform_active: true,
    colours: JSON.stringify(DEFAULT_COLOURS),
    support_email: `support@c${u}.test`,
    min_password_length: 8,
    is_entra_enabled: false,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  await db.insertInto('clients').values(row).execute();
  return { id: row.id, name: row.name, host: row.platform_domain };
}

export interface TestUser {
  id: string;
  clientId: string;
  email: string;
  role: TRole;
  host: string;
}

/** What a test user is unless a test says otherwise: active, German, e-mail login, nothing pending. */
const USER_DEFAULTS = {
  locale: 'de-DE',
  is_active: true,
  login_type: LOGIN_TYPES.EMAIL,
  is_password_change_required: false,
  is_welcome_dialog_seen: false,
} as const;

export async function createUser(
  db: Db,
  client: TestClient,
  opts: { role?: TRole; password?: string } & Partial<Insertable<UsersTable>> = {},
): Promise<TestUser> {
  const { role = 'PARTICIPANT', password, ...overrides } = opts;
  const email = overrides.email ?? `user-${unique()}@example.test`;
  const now = nowIso();
  const row: Insertable<UsersTable> = {
    id: newId(),
    client_id: client.id,
    email,
    email_normalized: email.toLowerCase(),
    first_name: 'Test',
    last_name: `User ${unique()}`,
    password_hash: password ? await hashPassword(password) : await testPasswordHash(),
    role,
    ...USER_DEFAULTS,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  await db.insertInto('users').values(row).execute();
  return { id: row.id, clientId: client.id, email, role, host: client.host };
}

/** Signs in through the real login call and answers a caller carrying the session. */
export async function signIn(
  app: FastifyInstance,
  user: TestUser,
  password = TEST_PASSWORD,
): Promise<Caller & { token: string }> {
  const res = await caller(app, user.host).post('/api/user/login', { emailOrUsername: user.email, password });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const token = res.json<{ token: string }>().token;
  return { ...caller(app, user.host, token), token };
}

/**
 * `count` participants of a client, inserted in one transaction in chunks of 500, with the search and sort keys the
 * server makes (for the lists at scale: the cap, 10,000 participants). `person(i)` names the i-th; returns the ids.
 */
export async function insertParticipants(
  db: Db,
  clientId: string,
  count: number,
  person: (i: number) => { first_name: string; last_name: string; email: string },
): Promise<string[]> {
  const now = nowIso();
  const rows = Array.from({ length: count }, (_, i): Insertable<UsersTable> => {
    const p = person(i);
    return {
      id: newId(),
      client_id: clientId,
      ...p,
      email_normalized: p.email.toLowerCase(),
      ...userSearchKeys({ ...p, username: null, personell_number: null }),
      password_hash: 'x',
      role: 'PARTICIPANT',
      ...USER_DEFAULTS,
      created_at: now,
      updated_at: now,
    };
  });
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 500)
      await trx
        .insertInto('users')
        .values(rows.slice(i, i + 500))
        .execute();
  });
  return rows.map((r) => r.id);
}
