/**
 * `npx tsx bench/memory-probe.ts [--db sqlite|postgres] [--phases N] [--seconds S] [--env K=V,...] [--snapshots]`
 * Issue 33 point 4: what SCORM commits leave behind. Seeds a client of 2,000 users, starts the real server with a
 * test-only preload (bench/memory-preload.js: process.memoryUsage() every second, gc() and an optional heap snapshot
 * when asked), drives `scorm-commit` for N phases of S seconds, and prints RSS, heapUsed after a full collection,
 * external memory and the commits so far after each phase.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { createTestDb } from '../apps/server/test/test-db';
import { scenarios } from './scenarios/scorm-commit';
import { seedBenchClient } from './seed';
import { BENCH_HOST, BENCH_PASSWORD, startBenchServer } from './server';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    phases: { type: 'string', default: '4' },
    seconds: { type: 'string', default: '30' },
    connections: { type: 'string', default: '20' },
    env: { type: 'string', default: '' },
    snapshots: { type: 'boolean', default: false },
  },
});

const here = path.dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  const dialect = args.db === 'postgres' ? 'postgres' : 'sqlite';
  if (dialect === 'postgres') process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
  const scale = { users: 2000, groups: 20, courses: 5, trainings: 5 };
  const testDb = await createTestDb(dialect);
  const clientId = await seedBenchClient(testDb.db, BENCH_HOST, scale, BENCH_PASSWORD);
  const work = mkdtempSync(path.join(os.tmpdir(), 'lms-memprobe-'));
  const memLog = path.join(work, 'mem.log');
  const trigger = path.join(work, 'ask');
  const extraEnv = Object.fromEntries(
    args.env
      .split(',')
      .filter(Boolean)
      .map((kv) => kv.split('=') as [string, string]),
  );
  const { server, ctx, dataDir } = await startBenchServer({
    testDb,
    dialect,
    clientId,
    scale,
    connections: Number(args.connections),
    env: {
      MEMPROBE_OUT: memLog,
      MEMPROBE_TRIGGER: trigger,
      MEMPROBE_SNAPSHOTS: args.snapshots ? work : '',
      ...extraEnv,
    },
    nodeArgs: ['--expose-gc', '--import', path.join(here, 'memory-preload.js')],
  });
  const ask = async (): Promise<Record<string, number | string>> => {
    writeFileSync(trigger, '');
    while (existsSync(trigger)) await new Promise((r) => setTimeout(r, 200));
    await new Promise((r) => setTimeout(r, 500));
    const lines = readFileSync(memLog, 'utf8').trim().split('\n');
    const last = lines.reverse().find((l) => l.includes('afterGc'));
    return JSON.parse(last ?? '{}') as Record<string, number | string>;
  };
  try {
    const req = await scenarios[0]!.prepare(ctx);
    let commits = 0;
    const rows: Record<string, unknown>[] = [
      { phase: 'after prepare', commits, ...(await ask()), load: os.loadavg()[0]?.toFixed(1) },
    ];
    for (let p = 1; p <= Number(args.phases); p++) {
      const result = await autocannon({
        url: ctx.contentUrl,
        connections: Number(args.connections),
        duration: Number(args.seconds),
        requests: [
          {
            method: req.method ?? 'GET',
            path: req.path,
            ...(req.headers ? { headers: req.headers } : {}),
            setupRequest: req.setupRequest as never,
            onResponse: req.onResponse as never,
          },
        ],
      });
      commits += result.requests.total;
      rows.push({
        phase: p,
        commits,
        errors: result.errors + result.non2xx,
        'req/s': Math.round(result.requests.average),
        ...(await ask()),
        load: os.loadavg()[0]?.toFixed(1),
      });
      console.table(rows.slice(-1));
    }
    console.table(rows);
    console.log(`memory log: ${memLog}`);
  } finally {
    await server.stop();
    await testDb.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
