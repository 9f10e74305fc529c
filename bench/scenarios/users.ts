import http from 'node:http';
import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/database';
import { listUserPage } from '../../apps/server/src/features/users/user-list';
import { repairUserSearchKeys } from '../../apps/server/src/features/users/user-search-keys';
import { newId, nowIso } from '../../apps/server/src/platform/ids';
import { multipartFile } from '../../apps/server/test/multipart';
import { insertChunked } from '../seed';
import type { BenchContext, BenchScale, BenchScenario } from '../types';

const ADMIN = 'bench-user-1@bench.example';
const COORDINATOR = 'bench-user-2@bench.example';
const IMPORT_ROWS = 10_000;

let seeded = false;

/**
 * Groups for the user list: every user in one of `scale.groups` groups; the coordinator (bench user 2) coordinates
 * the first group. The seed writes users without search keys, so they are computed here, as the app would.
 */
async function seedGroups(db: Db, clientId: string, scale: BenchScale): Promise<void> {
  if (seeded) return;
  seeded = true;
  await db.transaction().execute((trx) => repairUserSearchKeys(trx, clientId));
  const now = nowIso();
  const count = Math.max(1, scale.groups);
  const groups = Array.from({ length: count }, (_, i) => ({
    id: newId(),
    client_id: clientId,
    name: `Bench-Gruppe ${i + 1}`,
    name_normalized: `bench-gruppe ${i + 1}`,
    is_externally_managed: false,
    external_id: null,
    created_at: now,
    updated_at: now,
  }));
  await insertChunked(db, 'groups', groups);
  const users = await db.selectFrom('users').select(['id', 'email']).where('client_id', '=', clientId).execute();
  const members = users.map((u, i) => ({
    group_id: groups[i % count]!.id,
    user_id: u.id,
    client_id: clientId,
    created_at: now,
  }));
  await insertChunked(db, 'group_members', members);
  const coordinator = users.find((u) => u.email === COORDINATOR);
  if (coordinator)
    await insertChunked(db, 'group_coordinators', [
      { group_id: groups[0]!.id, user_id: coordinator.id, client_id: clientId, created_at: now },
    ]);
  // A database that has just been bulk-loaded has no statistics and no visibility map yet; autovacuum would make
  // both within a minute in production. Without them PostgreSQL plans as if the tables were empty.
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    await sql`vacuum analyze users, groups, group_members, group_coordinators, companies`.execute(db);
}

const authHeaders = async (ctx: BenchContext, email: string) => ({
  host: ctx.host,
  authorization: `Bearer ${await ctx.signIn(email)}`,
});

/** One HTTP call with a Host header (fetch drops it) and a raw body; answers status and parsed JSON. */
function call(
  baseUrl: string,
  opts: { method?: string; path: string; headers: Record<string, string>; body?: Buffer },
): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      new URL(opts.path, baseUrl),
      {
        method: opts.method ?? 'GET',
        headers: { ...opts.headers, ...(opts.body ? { 'content-length': String(opts.body.length) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') }),
        );
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

/**
 * Uploads and runs an import of 10,000 new users without passwords, with or without their activation mails, and
 * prints how long it took to finish.
 */
async function timeImport(ctx: BenchContext, headers: Record<string, string>, mails: boolean): Promise<string> {
  const prefix = mails ? 'invite' : 'import';
  const lines = ['Vorname;Nachname;E-Mail;Personalnummer;Stadt'];
  for (let i = 0; i < IMPORT_ROWS; i++)
    lines.push(`Import${i};Müller-${i};${prefix}-${i}@bench.example;${prefix}${i};Köln`);
  const form = multipartFile(`\uFEFF${lines.join('\r\n')}`, 'bench.csv', 'text/csv');
  const started = Date.now();
  const up = await call(ctx.baseUrl, {
    method: 'POST',
    path: '/api/users/import',
    headers: { ...headers, ...form.headers },
    body: form.payload,
  });
  if (up.status !== 200) throw new Error(`import upload: ${up.status} ${JSON.stringify(up.json)}`);
  const preview = up.json as { id: string; mapping: unknown[] };
  const previewed = Date.now();
  const body = Buffer.from(JSON.stringify({ mapping: preview.mapping, sendActivationMail: mails }));
  const run = await call(ctx.baseUrl, {
    method: 'POST',
    path: `/api/users/import/${preview.id}/run`,
    headers: { ...headers, 'content-type': 'application/json' },
    body,
  });
  if (run.status !== 200) throw new Error(`import run: ${run.status} ${JSON.stringify(run.json)}`);
  for (;;) {
    const status = (await call(ctx.baseUrl, { path: `/api/users/import/${preview.id}`, headers })).json as {
      status: string;
      created: number;
    };
    if (status.status === 'done' || status.status === 'failed') {
      const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
      console.log(
        `users-import: ${IMPORT_ROWS} rows (activation mails ${mails ? 'on' : 'off'}): upload+preview ${s(previewed - started)}, ` +
          `run ${s(Date.now() - previewed)}, total ${s(Date.now() - started)}; ${status.status}, ${status.created} created`,
      );
      if (mails) {
        // The 10,000 mails are the import's own work: they are delivered before the next scenario (login) runs, so
        // that one is measured alone; how long delivery took is printed as a figure of its own.
        const drained = await waitForMailQueue(ctx);
        console.log(
          `users-import: its ${IMPORT_ROWS} activation mails delivered ${s(drained - started)} after the upload`,
        );
      }
      return preview.id;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits (up to 10 minutes) until the bench client has no job to run and no mail to deliver; answers the time. */
async function waitForMailQueue(ctx: BenchContext): Promise<number> {
  const until = Date.now() + 10 * 60_000;
  while (Date.now() < until) {
    const jobs = await ctx.db
      .selectFrom('jobs')
      .select(sql<number>`count(*)`.as('n'))
      .where('client_id', '=', ctx.clientId)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirstOrThrow();
    const mails = await ctx.db
      .selectFrom('mail_queue')
      .select(sql<number>`count(*)`.as('n'))
      .where('client_id', '=', ctx.clientId)
      .where('status', '=', 'queued')
      .executeTakeFirstOrThrow();
    if (Number(jobs.n) + Number(mails.n) === 0) return Date.now();
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the import's mails were not delivered within 10 minutes");
}

/** The median of `runs` timings of `read`, in ms. */
export async function medianMs(read: () => Promise<unknown>, runs = 30): Promise<string> {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await read();
    ms.push(performance.now() - started);
  }
  return (ms.sort((a, b) => a - b)[Math.floor(runs / 2)] ?? 0).toFixed(1);
}

/** The list scope of the bench client's admin, for reading a page without HTTP (no short cache serves it). */
export async function adminScope(ctx: BenchContext) {
  const admin = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('client_id', '=', ctx.clientId)
    .where('email', '=', ADMIN)
    .executeTakeFirstOrThrow();
  const dialect = ctx.db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
  return { clientId: ctx.clientId, dialect, actorId: admin.id, groupIds: null } as const;
}

/**
 * What a page costs the database when no short cache serves it (issue 15's "cost"): the page and its capped count,
 * read inside a transaction (which no cache serves), without HTTP, the first and the last page the screen offers.
 */
async function printUncachedCost(ctx: BenchContext, lastPage: number): Promise<void> {
  const scope = await adminScope(ctx);
  const cost = (page: number) =>
    medianMs(() =>
      ctx.db
        .transaction()
        .execute((trx) => listUserPage(trx, scope, { page, pageSize: 100, sort: 'name', order: 'asc' })),
    );
  console.log(
    `users-list uncached (page + capped count, no HTTP, median of 30): first page ${await cost(1)} ms, ` +
      `page ${lastPage} ${await cost(lastPage)} ms`,
  );
}

/** Issue 4: the user list's first page at the seeded scale (100,000 users: `--users 100000`), search, and import. */
export const scenarios: BenchScenario[] = [
  {
    name: 'users-list-first-page',
    seed: seedGroups,
    prepare: async (ctx) => ({ path: '/api/users?page=1&pageSize=100', headers: await authHeaders(ctx, ADMIN) }),
  },
  {
    // The last page the screen offers: the total is capped at LIST_TOTAL_CAP, so at 100,000 users that is the page
    // ending at the 10,000th user; it must cost about what the first does (issue 15).
    name: 'users-list-last-page',
    seed: seedGroups,
    prepare: async (ctx) => {
      const headers = await authHeaders(ctx, ADMIN);
      const first = await call(ctx.baseUrl, { path: '/api/users?page=1&pageSize=100', headers });
      const { total } = first.json as { total: number };
      const last = Math.max(1, Math.ceil(total / 100));
      await printUncachedCost(ctx, last);
      return { path: `/api/users?page=${last}&pageSize=100`, headers };
    },
  },
  {
    name: 'users-list-search',
    seed: seedGroups,
    prepare: async (ctx) => ({ path: '/api/users?search=nachname4242', headers: await authHeaders(ctx, ADMIN) }),
  },
  {
    name: 'users-list-coordinator',
    seed: seedGroups,
    prepare: async (ctx) => ({ path: '/api/users?sort=name', headers: await authHeaders(ctx, COORDINATOR) }),
  },
  {
    name: 'users-import-status',
    seed: seedGroups,
    prepare: async (ctx) => {
      const headers = await authHeaders(ctx, ADMIN);
      const id = await timeImport(ctx, headers, false);
      return { path: `/api/users/import/${id}`, headers };
    },
  },
  {
    name: 'users-import-with-mails-status',
    seed: seedGroups,
    prepare: async (ctx) => {
      const headers = await authHeaders(ctx, ADMIN);
      const id = await timeImport(ctx, headers, true);
      return { path: `/api/users/import/${id}`, headers };
    },
  },
];
