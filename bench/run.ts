/**
 * `npm run bench -- [--db sqlite|postgres] [--users N] [--groups N] [--courses N] [--trainings N]
 *   [--duration S] [--connections N] [--only name,name]`
 * Seeds a client at the chosen scale into a fresh database, starts the real server as its own process, drives each
 * scenario over HTTP with autocannon, and prints requests/s, p50, p99 and errors beside a bare Fastify ceiling.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startServerProcess, requestJson } from '../apps/server/test/server-process';
import { createTestDb } from '../apps/server/test/test-db';
import { startCeiling } from './ceiling';
import { seedBenchClient } from './seed';
import type { BenchContext, BenchRequest, BenchScale, BenchScenario } from './types';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    users: { type: 'string', default: '10000' },
    groups: { type: 'string', default: '100' },
    courses: { type: 'string', default: '20' },
    trainings: { type: 'string', default: '50' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '20' },
    only: { type: 'string' },
  },
});

const HOST = 'bench.localhost';
const PASSWORD = 'Bench-Passw0rd!';

async function loadScenarios(): Promise<BenchScenario[]> {
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'scenarios');
  const all: BenchScenario[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .sort()) {
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { scenarios?: BenchScenario[] };
    all.push(...(mod.scenarios ?? []));
  }
  const only = args.only?.split(',');
  return only ? all.filter((s) => only.includes(s.name)) : all;
}

interface Row {
  scenario: string;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  conns: number;
  errors: number;
}

async function drive(name: string, url: string, req: BenchRequest): Promise<Row> {
  const result = await autocannon({
    url,
    connections: req.connections ?? Number(args.connections),
    duration: Number(args.duration),
    requests: [
      {
        method: req.method ?? 'GET',
        path: req.path,
        ...(req.headers ? { headers: req.headers } : {}),
        ...(req.body ? { body: req.body } : {}),
        ...(req.setupRequest ? { setupRequest: req.setupRequest as never } : {}),
      },
    ],
  });
  return {
    scenario: name,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    conns: req.connections ?? Number(args.connections),
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function main(): Promise<void> {
  const dialect = args.db === 'postgres' ? 'postgres' : 'sqlite';
  if (dialect === 'postgres') process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
  const scale: BenchScale = {
    users: Number(args.users),
    groups: Number(args.groups),
    courses: Number(args.courses),
    trainings: Number(args.trainings),
  };
  const scenarios = await loadScenarios();
  console.log(`Seeding ${JSON.stringify(scale)} into ${dialect} ...`);
  const testDb = await createTestDb(dialect);
  const started = Date.now();
  const clientId = await seedBenchClient(testDb.db, HOST, scale, PASSWORD);
  for (const s of scenarios) await s.seed?.(testDb.db, clientId, scale);
  console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lms-bench-'));
  const server = await startServerProcess({
    DATA_DIR: dialect === 'sqlite' ? testDb.dataDir : dataDir,
    DATABASE_URL: testDb.databaseUrl,
    LMS_DEMO: '0',
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
  });
  const ctx: BenchContext = {
    baseUrl: server.baseUrl,
    contentUrl: `http://127.0.0.1:${server.contentPort}`,
    host: HOST,
    clientId,
    password: PASSWORD,
    db: testDb.db,
    scale,
    connections: Number(args.connections),
    signIn: async (email) => {
      const res = await requestJson(server.baseUrl, {
        path: '/api/user/login',
        host: HOST,
        body: { emailOrUsername: email, password: PASSWORD },
      });
      return (res.body as { token: string }).token;
    },
  };
  const rows: Row[] = [];
  try {
    const sample = await requestJson(server.baseUrl, { path: '/api/client/current', host: HOST });
    const ceiling = await startCeiling(sample.body);
    rows.push(await drive('ceiling: bare fastify, same JSON', ceiling.url, { path: '/ceiling' }));
    await ceiling.close();
    for (const s of scenarios) {
      const req = await s.prepare(ctx);
      rows.push(await drive(s.name, req.origin === 'content' ? ctx.contentUrl : server.baseUrl, req));
    }
  } finally {
    await server.stop();
    await testDb.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\n${dialect}, ${scale.users} users, ${args.connections} connections, ${args.duration} s each`);
  console.table(rows);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
