import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { Dialect } from '../src/db/database';
import type { AppDeps } from '../src/platform/deps';
import { freezeIntrinsics } from '../src/platform/freeze-intrinsics';
import { DIALECTS, createTestDb, type TestDb } from './test-db';
import { recordStatuses, undocumentedStatuses, type StatusLog } from './documented-statuses';

// The server runs with frozen prototypes (main.ts); so do the tests. pdfjs-dist (the tests' PDF reader, never the
// server's) brings core-js, which changes built-ins when it loads: it and its worker (which its fake worker loads on
// first use) load before the freeze. core-js adds what Node 20 lacks, and it also swaps some of Node's own functions
// for its JavaScript versions (Array.prototype.push, JSON.parse, JSON.stringify, Function.prototype.toString, for
// proposals and edge cases the tests never meet). Those made the whole process several times slower (JSON 8x; the
// malformed-input walk 111 s instead of 22), so every built-in it replaced gets Node's own back; what it added stays.
const BUILTINS: object[] = [
  JSON,
  Object,
  Object.prototype,
  Array,
  Array.prototype,
  Function.prototype,
  Promise,
  Reflect,
];
const natives = BUILTINS.map(
  (o) => new Map(Reflect.ownKeys(o).map((k) => [k, Reflect.getOwnPropertyDescriptor(o, k)])),
);
await import('pdfjs-dist/legacy/build/pdf.mjs');
// The worker bundle has no types (its specifier as a value keeps tsc from asking for them, in every project that
// compiles this file: server, e2e, bench).
const pdfjsWorker = 'pdfjs-dist/legacy/build/pdf.worker.mjs';
await import(pdfjsWorker);
BUILTINS.forEach((o, i) => {
  for (const [key, native] of natives[i] ?? []) {
    const now = Reflect.getOwnPropertyDescriptor(o, key);
    if (native && now && (now.value !== native.value || now.get !== native.get)) Reflect.defineProperty(o, key, native);
  }
});
freezeIntrinsics();

export interface TestContext {
  app: FastifyInstance;
  deps: AppDeps;
  testDb: TestDb;
  dialect: Dialect;
  /** Every answer's method, route pattern and status (documented-statuses.ts). */
  statuses: StatusLog;
}

/**
 * The storage settings of the run (README "Tests with S3 storage": STORAGE=s3 and S3_*), each test database under
 * its own prefix of the bucket, as its own DATA_DIR on disk.
 */
const storageEnv = (dataDir: string): Record<string, string | undefined> => {
  const e = process.env;
  if (e.STORAGE !== 's3') return {};
  const { STORAGE, S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = e;
  const S3_PREFIX = `${e.S3_PREFIX ?? ''}${path.basename(dataDir)}/`;
  return { STORAGE, S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_PREFIX };
};

export function testConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      APP_SECRET: 'test-secret-0123456789abcdef0123456789',
      SMTP_ALLOW_PRIVATE: '1',
      LMS_DEMO: '0',
      ...storageEnv(dataDir),
    }),
    ...overrides,
  };
}

/**
 * Runs `fn` once per dialect, each with its own fresh database and app (SQLite always; PostgreSQL when
 * DATABASE_URL is set). `ctx()` gives the current dialect's app inside tests.
 */
export function describeEachDialect(
  name: string,
  fn: (ctx: () => TestContext) => void,
  configOverrides: Partial<Config> = {},
): void {
  for (const dialect of DIALECTS) {
    describe(`${name} [${dialect}]`, () => {
      let context: TestContext | undefined;
      beforeAll(async () => {
        const testDb = await createTestDb(dialect);
        const deps: AppDeps = { config: testConfig(testDb.dataDir, configOverrides), db: testDb.db, dialect };
        const app = await buildApp(deps);
        const statuses = recordStatuses(app);
        await app.ready();
        context = { app, deps, testDb, dialect, statuses };
      });
      afterAll(async () => {
        if (!context) return;
        // Every status this file's requests saw is one the OpenAPI document names for the operation.
        expect(
          undocumentedStatuses(context.app, context.statuses),
          'answers the OpenAPI document does not name',
        ).toEqual([]);
        await context.app.close();
        await context.testDb.drop();
      });
      fn(() => {
        if (!context) throw new Error('test context not ready');
        return context;
      });
    });
  }
}

/** A small request builder: host (the tenant) and token (the session) set once per caller. */
export interface Caller {
  get: (url: string, query?: Record<string, string>) => Promise<LightMyRequestResponse>;
  post: (url: string, body?: unknown) => Promise<LightMyRequestResponse>;
  del: (url: string, body?: unknown) => Promise<LightMyRequestResponse>;
  inject: (opts: InjectOptions) => Promise<LightMyRequestResponse>;
}

export function caller(app: FastifyInstance, host: string, token?: string): Caller {
  const headers = { host, ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const inject = (opts: InjectOptions) => app.inject({ ...opts, headers: { ...headers, ...(opts.headers ?? {}) } });
  return {
    inject,
    get: (url, query) => inject({ method: 'GET', url, ...(query ? { query } : {}) }),
    post: (url, body) => inject({ method: 'POST', url, ...(body === undefined ? {} : { payload: body as object }) }),
    del: (url, body) => inject({ method: 'DELETE', url, ...(body === undefined ? {} : { payload: body as object }) }),
  };
}
