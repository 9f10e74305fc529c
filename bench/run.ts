/**
 * `npm run bench -- [scenario ...] [--db sqlite|postgres] [--users N] [--groups N] [--courses N] [--trainings N]
 *   [--duration S] [--connections N] [--runs N] [--only name,name] [--profile DIR] [--short-caches on|off]`
 * Seeds a client at the chosen scale into a fresh database, starts the real server as its own process (production
 * mode), drives each scenario over HTTP with autocannon, and prints requests/s, p50, p99 and errors beside the honest
 * ceiling: a bare Fastify process serving that scenario's own JSON (bench/ceiling-server.ts), driven the same way.
 * Scenarios given by name (positionally or with --only) run alone, in that order (a name given twice runs twice, and
 * its last figures are compared with its first), and seed only what they need.
 * Each side is warmed up for a second, unmeasured, before its runs.
 * With --runs N each figure is the median run of N (issue 15 measures the median of 3). With --profile DIR the server
 * and the ceiling write V8 CPU profiles of the whole run into DIR/server and DIR/ceiling (open them in Chrome's
 * DevTools). With --short-caches off the server runs with SHORT_CACHES=off: every per-process short cache
 * (session check, dashboard, user list, status page, runtime module) reads the database each time, which is what a
 * request costs when its entry is not there (issue 33: run the per-user reads both ways).
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import type { Db } from '../apps/server/src/db/database';
import { requestJson } from '../apps/server/test/server-process';
import { createTestDb } from '../apps/server/test/test-db';
import { measureArgon2Verify } from './argon2-baseline';
import { cpuPerCall, cpuSnapshot } from './cpu-split';
import { startCeiling, type Ceiling } from './ceiling';
import { seedBenchClient } from './seed';
import { BENCH_HOST, BENCH_PASSWORD, startBenchServer } from './server';
import type { BenchRequest, BenchScale, BenchScenario } from './types';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    db: { type: 'string', default: 'sqlite' },
    users: { type: 'string', default: '10000' },
    groups: { type: 'string', default: '100' },
    courses: { type: 'string', default: '20' },
    trainings: { type: 'string', default: '50' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '20' },
    runs: { type: 'string', default: '1' },
    only: { type: 'string' },
    profile: { type: 'string' },
    'short-caches': { type: 'string', default: 'on' },
  },
});

const HOST = BENCH_HOST;
const PASSWORD = BENCH_PASSWORD;

async function loadScenarios(): Promise<BenchScenario[]> {
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'scenarios');
  const all: BenchScenario[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .sort()) {
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { scenarios?: BenchScenario[] };
    all.push(...(mod.scenarios ?? []));
  }
  // Login runs last: the argon2 hashes still queued when its run ends would otherwise eat into the next scenario.
  all.sort((a, b) => Number(a.name === 'login') - Number(b.name === 'login'));
  const only = [...positionals, ...(args.only?.split(',') ?? [])];
  if (only.length === 0) return all;
  const unknown = only.filter((n) => !all.some((s) => s.name === n));
  if (unknown.length > 0)
    throw new Error(`unknown scenario(s) ${unknown.join(', ')}; known: ${all.map((s) => s.name).join(', ')}`);
  // In the order given, repeats included: `learner-dashboard scorm-commit learner-dashboard` measures the dashboard
  // alone and right after the commits (issue 33: what the commits leave behind must not slow later requests).
  return only.map((n) => all.find((s) => s.name === n) as BenchScenario);
}

/**
 * For a scenario measured more than once in a run: its last figures against its first (issue 33's acceptance: the
 * dashboard right after `scorm-commit` within 10 % of the dashboard alone). The server's CPU per request is the
 * figure compared, since requests per second move with whatever else the machine runs.
 */
function repeatNotes(rows: Row[]): string[] {
  const notes: string[] = [];
  for (const name of new Set(rows.map((r) => r.scenario))) {
    const runsOf = rows.filter((r) => r.scenario === name);
    const first = runsOf[0] as Row;
    const last = runsOf[runsOf.length - 1] as Row;
    if (runsOf.length < 2 || typeof first['cpu µs/req'] !== 'number' || typeof last['cpu µs/req'] !== 'number')
      continue;
    const cpu = last['cpu µs/req'] / Math.max(1, first['cpu µs/req']);
    const between = rows.slice(rows.indexOf(first) + 1, rows.indexOf(last)).map((r) => r.scenario);
    notes.push(
      `${name} after ${[...new Set(between)].join(', ')}: cpu µs/req ${last['cpu µs/req']} against ${first['cpu µs/req']} ` +
        `alone (${(100 * (cpu - 1)).toFixed(1)}%), req/s ${last['req/s']} against ${first['req/s']}, ` +
        `RSS ${last['RSS MB']} MB against ${first['RSS MB']} MB: ${Math.abs(cpu - 1) <= 0.1 ? 'within' : 'NOT within'} 10 %`,
    );
  }
  return notes;
}

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Requests answered in all runs (for the CPU time per request). */
  total: number;
}

interface Row {
  scenario: string;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  conns: number;
  errors: number;
  'ceiling req/s': number;
  ratio: string;
  'cpu µs/req': number | string;
  /** The server's resident memory after the scenario (the acceptance bounds it after the whole bench). */
  'RSS MB': number | string;
  'ceiling cpu µs/req': number | string;
  /** The ceiling's own p99: a latency target below it is out of this machine's reach for any server. */
  'ceiling p99 ms': number | string;
}

const runs = Math.max(1, Number(args.runs));

async function driveOnce(
  url: string,
  req: BenchRequest,
  connections: number,
  seconds = Number(args.duration),
): Promise<Measured> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        method: req.method ?? 'GET',
        path: req.path,
        ...(req.headers ? { headers: req.headers } : {}),
        ...(req.body ? { body: req.body } : {}),
        ...(req.setupRequest ? { setupRequest: req.setupRequest as never } : {}),
        ...(req.onResponse ? { onResponse: req.onResponse as never } : {}),
      },
    ],
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    total: result.requests.total,
  };
}

/** The median run by requests per second (with its latencies), out of --runs runs. */
async function drive(url: string, req: BenchRequest, connections: number): Promise<Measured> {
  const all: Measured[] = [];
  for (let i = 0; i < runs; i++) all.push(await driveOnce(url, req, connections));
  all.sort((a, b) => a.rps - b.rps);
  return { ...(all[Math.floor(all.length / 2)] as Measured), total: all.reduce((n, m) => n + m.total, 0) };
}

/**
 * What the scenario answers, to be served by the ceiling: its own sample, or one GET of its request. The GET goes
 * through node:http, since fetch drops the Host header that names the client (it answered client_not_found, and
 * the ceiling served the fallback's small JSON instead of the scenario's own). A GET that fails is a broken scenario.
 */
async function sampleOf(baseUrl: string, req: BenchRequest, fallback: unknown): Promise<unknown> {
  if (req.sample !== undefined) return req.sample;
  if ((req.method ?? 'GET') !== 'GET') return fallback;
  const { host = HOST, ...headers } = req.headers ?? {};
  const res = await requestJson(baseUrl, { method: 'GET', path: req.path, host, headers });
  if (res.status !== 200) throw new Error(`sample of ${req.path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** How long each side is driven, unmeasured, before its figures are taken (the first calls compile and fill caches). */
const WARM_UP_SECONDS = 1;

/**
 * Drives the request and measures the CPU time per request that the process `pid` spent on it. A warm-up of
 * WARM_UP_SECONDS comes first, for the server and the ceiling alike: a POST scenario has no sample GET to warm the
 * server, and a login figure of 5 s otherwise carried its cold start (JIT, schemas, the hash threads' first start).
 */
async function driveMeasured(pid: number | undefined, url: string, req: BenchRequest, conns: number) {
  await driveOnce(url, req, conns, WARM_UP_SECONDS);
  const before = cpuSnapshot(pid);
  const measured = await drive(url, req, conns);
  const after = cpuSnapshot(pid);
  const cpu = before && after ? cpuPerCall(before, after, measured.total) : null;
  // The process's CPU per request does not depend on what else the machine runs, unlike requests per second.
  const perRequest = cpu ? Math.round((cpu.serverMain + cpu.serverOtherThreads) * 1000) : '?';
  return { ...measured, perRequest, cpu };
}

const ms = (v: number) => v.toFixed(1);

/** Where a sign-in's CPU went, against one bare verify's: the share the hash takes bounds the login's ratio. */
function loginCpuNote(cpu: NonNullable<ReturnType<typeof cpuPerCall>>, verifyMs: number): string {
  return (
    `login: machine CPU per sign-in ${ms(cpu.machine)} ms (server: hash pool and V8 threads ${ms(cpu.serverOtherThreads)}, ` +
    `main thread ${ms(cpu.serverMain)}; bench client ${ms(cpu.bench)}; database and the rest ${ms(cpu.rest)}) against ` +
    `${ms(verifyMs)} ms per bare verify: ${((100 * verifyMs) / Math.max(0.001, cpu.machine)).toFixed(1)}%`
  );
}

/** The server's resident memory from /proc (Linux), in MB. */
function rssMb(pid: number | undefined): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m?.[1] ? Math.round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/**
 * Settles the database before each measurement, as pgbench vacuums before it runs: what the seed and the scenarios
 * before wrote would otherwise be vacuumed, analysed and checkpointed by PostgreSQL in the background during some
 * later scenario's figure (the login after the import of 10,000 users, above all). SQLite: its WAL is checkpointed.
 */
async function settle(db: Db, dialect: 'sqlite' | 'postgres'): Promise<void> {
  // Jobs first: the server's daily schedules catch up when it starts (a fresh database has missed every due time),
  // and at 100,000 users and 2,000,000 status rows those runs take a while; measured beside them, a scenario's
  // figure was that of a busy server (requests took twice the CPU in such a run).
  const started = Date.now();
  for (;;) {
    const busy = await db
      .selectFrom('jobs')
      .select(sql<number>`count(*)`.as('n'))
      .where('status', 'in', ['queued', 'running'])
      .where('run_at', '<=', new Date().toISOString())
      .executeTakeFirstOrThrow();
    if (Number(busy.n) === 0 || Date.now() - started > 10 * 60_000) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  if (Date.now() - started > 1_000)
    console.log(`settle: waited ${((Date.now() - started) / 1000).toFixed(1)} s for the server's jobs`);
  if (dialect === 'postgres') {
    await sql`vacuum analyze`.execute(db);
    await sql`checkpoint`.execute(db);
  } else await sql`pragma wal_checkpoint(passive)`.execute(db);
}

/** With --profile DIR: the node flags that make a process write its CPU profile into DIR/<name> on exit. */
const profileArgs = (name: string): string[] =>
  args.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args.profile, name)}`] : [];

async function main(): Promise<void> {
  const dialect = args.db === 'postgres' ? 'postgres' : 'sqlite';
  if (dialect === 'postgres') process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
  const scale: BenchScale = {
    users: Number(args.users),
    groups: Number(args.groups),
    courses: Number(args.courses),
    trainings: Number(args.trainings),
  };
  const connections = Number(args.connections);
  const scenarios = await loadScenarios();
  console.log(`Seeding ${JSON.stringify(scale)} into ${dialect} ...`);
  const testDb = await createTestDb(dialect);
  const started = Date.now();
  const clientId = await seedBenchClient(testDb.db, HOST, scale, PASSWORD);
  for (const s of new Set(scenarios)) await s.seed?.(testDb.db, clientId, scale);
  console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const { server, ctx, dataDir } = await startBenchServer({
    testDb,
    dialect,
    clientId,
    scale,
    connections,
    env: { SHORT_CACHES: args['short-caches'] === 'off' ? 'off' : 'on' },
    nodeArgs: profileArgs('server'),
  });
  const rows: Row[] = [];
  const notes: string[] = [];
  let ceiling: Ceiling | null = null;
  try {
    ceiling = await startCeiling(profileArgs('ceiling'));
    const generic = (await requestJson(server.baseUrl, { path: '/api/client/current', host: HOST })).body;
    for (const s of scenarios) {
      if (s.once) {
        await settle(testDb.db, dialect);
        notes.push(...(await s.once(ctx, server.child.pid as number)));
        continue;
      }
      const req = await s.prepare(ctx);
      const conns = req.connections ?? connections;
      // The sample is also the warm-up: the first request of a scenario fills what the server keeps.
      const sample = await sampleOf(server.baseUrl, req, generic);
      await settle(testDb.db, dialect);
      const measured = await driveMeasured(
        server.child.pid,
        req.origin === 'content' ? ctx.contentUrl : server.baseUrl,
        req,
        conns,
      );
      await ceiling.serve(sample);
      const bare = await driveMeasured(ceiling.pid, ceiling.url, { path: '/ceiling' }, conns);
      rows.push({
        scenario: s.name,
        'req/s': measured.rps,
        'p50 ms': measured.p50,
        'p99 ms': measured.p99,
        conns,
        errors: measured.errors,
        'ceiling req/s': bare.rps,
        ratio: `${((100 * measured.rps) / Math.max(1, bare.rps)).toFixed(1)}%`,
        'cpu µs/req': measured.perRequest,
        'RSS MB': rssMb(server.child.pid) ?? '?',
        'ceiling cpu µs/req': bare.perRequest,
        'ceiling p99 ms': bare.p99,
      });
      if (s.name === 'login') {
        const verify = await measureArgon2Verify(conns, Number(args.duration), WARM_UP_SECONDS);
        notes.push(
          `login: ${measured.rps}/s against bare argon2id verify ${verify.perSecond}/s (${conns} at once, this process): ` +
            `${((100 * measured.rps) / Math.max(1, verify.perSecond)).toFixed(1)}%`,
        );
        if (measured.cpu && verify.machineMs) notes.push(loginCpuNote(measured.cpu, verify.machineMs));
      }
    }
    notes.push(...repeatNotes(rows));
    notes.push(`server RSS after the bench: ${rssMb(server.child.pid) ?? '?'} MB`);
  } finally {
    await ceiling?.close();
    await server.stop();
    await testDb.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    `\n${dialect}, ${scale.users} users, ${connections} connections, ${args.duration} s each, median of ${runs} run(s), ` +
      `short caches ${args['short-caches'] === 'off' ? 'off' : 'on'}`,
  );
  if (rows.length > 0) console.table(rows);
  for (const n of notes) console.log(n);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
