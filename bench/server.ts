import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { requestJson, startServerProcess } from '../apps/server/test/server-process';
import type { TestDb } from '../apps/server/test/test-db';
import type { BenchContext, BenchScale } from './types';

export const BENCH_HOST = 'bench.localhost';
export const BENCH_PASSWORD = 'Bench-Passw0rd!';

interface BenchServerOptions {
  testDb: TestDb;
  dialect: 'sqlite' | 'postgres';
  clientId: string;
  scale: BenchScale;
  connections: number;
  /** More environment for the server (SHORT_CACHES, a probe's files). */
  env?: Record<string, string>;
  /** Node's own flags for the server process (a CPU profile, a preload). */
  nodeArgs?: string[];
}

/**
 * The real server as its own process on the seeded database, measured as it runs in production (no strict connection
 * guard, no start banner), and the context the scenarios get from it (bench/run.ts and bench/memory-probe.ts).
 */
export async function startBenchServer(o: BenchServerOptions) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lms-bench-'));
  const server = await startServerProcess(
    {
      DATA_DIR: o.dialect === 'sqlite' ? o.testDb.dataDir : dataDir,
      DATABASE_URL: o.testDb.databaseUrl,
      NODE_ENV: 'production',
      APP_SECRET: randomBytes(32).toString('base64url'),
      LMS_DEMO: '0',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      ...o.env,
    },
    o.nodeArgs ?? [],
  );
  const ctx: BenchContext = {
    baseUrl: server.baseUrl,
    contentUrl: `http://127.0.0.1:${server.contentPort}`,
    host: BENCH_HOST,
    clientId: o.clientId,
    password: BENCH_PASSWORD,
    db: o.testDb.db,
    scale: o.scale,
    connections: o.connections,
    signIn: async (email) => {
      const res = await requestJson(server.baseUrl, {
        path: '/api/user/login',
        host: BENCH_HOST,
        body: { emailOrUsername: email, password: BENCH_PASSWORD },
      });
      return (res.body as { token: string }).token;
    },
  };
  return { server, ctx, dataDir };
}
