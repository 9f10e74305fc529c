import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { createBucket } from '../apps/server/test/s3-test-server';
import { freePort, startServerProcess, type ServerProcess } from '../apps/server/test/server-process';

// The SDK's note that its 2027 releases want Node 22 (the product pins Node 20.19), as the tests silence it.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/**
 * The V8 flags of docs/operations.md's production command (the reasons are there, section 1):
 * - `--min-semi-space-size=16` keeps the young generation at the 16 MB per semi-space V8 grows it to under load;
 *   left to itself V8 shrank it to 1-8 MB in quieter seconds and grew it back, and RSS swung by up to 30 MB with it.
 * - `--no-allocation-site-pretenuring`: after the import's batches V8 put the objects of busy allocation sites
 *   straight into the old space, and delivering the 5,000 activation mails left 110-270 MB of garbage there and
 *   55 MB of ArrayBuffers whose pages the allocator kept (soak probes of 2026-12-04).
 * `SOAK_NODE_ARGS` adds more, for a probe (e.g. `--require` of a memory logger).
 */
export const PRODUCTION_NODE_FLAGS = ['--min-semi-space-size=16', '--no-allocation-site-pretenuring'] as const;

/** The bucket: S3_ENDPOINT's when set, else an s3rver of our own that the bucket fault can take away and bring back. */
export interface Bucket {
  env: Record<string, string>;
  /** Null when the bucket is not ours to take down (S3_ENDPOINT). */
  outage: ((ms: number) => Promise<void>) | null;
  close: () => Promise<void>;
}

export async function startBucket(): Promise<Bucket> {
  if (process.env.S3_ENDPOINT) {
    const env = {
      STORAGE: 's3',
      S3_ENDPOINT: process.env.S3_ENDPOINT,
      S3_BUCKET: process.env.S3_BUCKET ?? 'lms-soak',
      S3_REGION: process.env.S3_REGION ?? 'us-east-1',
      S3_ACCESS_KEY_ID: process.env.S3_ACCESS_KEY_ID ?? '',
      S3_SECRET_ACCESS_KEY: process.env.S3_SECRET_ACCESS_KEY ?? '',
    };
    await createBucket(env);
    return { env, outage: null, close: () => Promise.resolve() };
  }
  const directory = mkdtempSync(path.join(os.tmpdir(), 'lms-soak-s3-'));
  const port = await freePort();
  const make = () => new S3rver({ address: '127.0.0.1', port, silent: true, directory });
  let server = make();
  await server.run();
  const env = {
    STORAGE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: 'lms-soak',
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  await createBucket(env);
  return {
    env,
    outage: async (ms) => {
      await server.close();
      await new Promise((r) => setTimeout(r, ms));
      server = make();
      await server.run();
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** One of the N server processes: fixed ports (the balancer's upstream), its own DATA_DIR, restartable. */
export interface Slot {
  index: number;
  port: number;
  contentPort: number;
  dataDir: string;
  proc: ServerProcess | null;
  /** Output of earlier lives of this slot (before a kill), for the report of errors they logged. */
  pastOutput: string;
  /** Exits nobody asked for (a crash): the soak fails on any. */
  crashes: string[];
  /** Set while the harness itself stops or kills the process. */
  stopping: boolean;
}

export interface Servers {
  slots: Slot[];
  env: Record<string, string>;
  start: (slot: Slot) => Promise<void>;
  /** kill -9, then a restart on the same ports: answers the milliseconds until its health check passed. */
  killAndRestart: (slot: Slot) => Promise<{ restartMs: number }>;
  stop: () => Promise<void>;
  output: () => string;
}

export async function startServers(opts: {
  count: number;
  databaseUrl: string;
  bucketEnv: Record<string, string>;
  contentOrigin: string;
}): Promise<Servers> {
  const env: Record<string, string> = {
    ...opts.bucketEnv,
    S3_PREFIX: `soak-${Date.now().toString(36)}/`,
    DATABASE_URL: opts.databaseUrl,
    NODE_ENV: 'production',
    APP_SECRET: randomBytes(32).toString('base64url'),
    LMS_DEMO: '0',
    // Two hops: the virtual users' own X-Forwarded-For stands for a cloud balancer before nginx, so each learner has
    // an address of their own and the per-IP login limit (30 a minute) is what a real office would meet.
    TRUST_PROXY: '2',
    CONTENT_ORIGIN: opts.contentOrigin,
    LOG_LEVEL: 'warn',
  };
  const slots: Slot[] = [];
  for (let index = 0; index < opts.count; index++) {
    slots.push({
      index,
      port: await freePort(),
      contentPort: await freePort(),
      dataDir: mkdtempSync(path.join(os.tmpdir(), `lms-soak-${index}-`)),
      proc: null,
      pastOutput: '',
      crashes: [],
      stopping: false,
    });
  }
  const start = async (slot: Slot) => {
    // A busy machine (the soak's own load, or others') can take well over the tests' minute to start one.
    slot.proc = await startServerProcess(
      { ...env, DATA_DIR: slot.dataDir, PORT: String(slot.port), CONTENT_PORT: String(slot.contentPort) },
      [...PRODUCTION_NODE_FLAGS, ...(process.env.SOAK_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
      180_000,
    );
    const proc = slot.proc;
    proc.child.once('exit', (code, signal) => {
      if (!slot.stopping)
        slot.crashes.push(`process ${slot.index} exited (${code ?? signal}): ${proc.output().slice(-2000)}`);
    });
  };
  // One after the other: the first runs the migrations, and starting several at once on 2 cores takes as long.
  for (const slot of slots) await start(slot);
  return {
    slots,
    env,
    start,
    killAndRestart: async (slot) => {
      const proc = slot.proc;
      slot.stopping = true;
      if (proc) {
        await proc.stop('SIGKILL');
        slot.pastOutput += proc.output();
      }
      slot.proc = null;
      slot.stopping = false;
      const started = Date.now();
      await start(slot);
      return { restartMs: Date.now() - started };
    },
    stop: async () => {
      for (const s of slots) s.stopping = true;
      await Promise.all(slots.map((s) => s.proc?.stop('SIGTERM') ?? Promise.resolve()));
      for (const s of slots) rmSync(s.dataDir, { recursive: true, force: true });
    },
    output: () => slots.map((s) => `--- process ${s.index}\n${s.pastOutput}${s.proc?.output() ?? ''}`).join('\n'),
  };
}
