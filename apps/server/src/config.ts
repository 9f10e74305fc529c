import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './config-trust-proxy';

/** ARCHITECTURE section 8: every setting, parsed once; a bad value stops the start with a clear message. */
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  CONTENT_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  CONTENT_ORIGIN: z.url().default('http://127.0.0.1:3001'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  SMTP_ALLOW_PRIVATE: z.enum(['0', '1']).default('0'),
  /** From of mail sent through SMTP_URL or the outbox (default: no-reply@<client domain>). */
  SMTP_FROM: z.string().trim().min(3).optional(),
  LMS_DEMO: z.enum(['0', '1', 'true', 'false']).optional(),
  LMS_DEMO_PASSWORD: z.string().min(8).optional(),
  AUTH_HEADER: z.enum(['Authorization', 'X-Authorization']).default('Authorization'),
  ENTRA_AUTHORITY: z.url().default('https://login.microsoftonline.com'),
  PAYPAL_API_BASE: z.url().default('https://api-m.sandbox.paypal.com'),
  /** The REST app's credentials and its webhook's id (unset: PayPal is not offered, prepayment still is). */
  PAYPAL_CLIENT_ID: z.string().trim().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().trim().min(1).optional(),
  PAYPAL_WEBHOOK_ID: z.string().trim().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** 0 (off), a hop count, or the proxies' addresses/CIDR ranges (config-trust-proxy.ts). */
  TRUST_PROXY: z
    .string()
    .default('0')
    .transform((raw, ctx) => {
      const parsed = parseTrustProxy(raw);
      if (parsed.ok) return parsed.value;
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }),
  /** PostgreSQL connections per process. */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  /** How long a request waits for a database connection before it is answered 503 database_busy. */
  DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(10).max(600_000).default(10_000),
  /** Where kept files live: `local` (DATA_DIR/files, the default) or `s3` (an S3-compatible bucket). */
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().trim().min(3).max(63).optional(),
  /** An S3-compatible service's URL (MinIO, Ceph, s3rver...); unset means AWS itself. */
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style addressing (`endpoint/bucket/key`), which most S3-compatible services want; default on with S3_ENDPOINT. */
  S3_FORCE_PATH_STYLE: z.enum(['0', '1']).optional(),
  /** A folder inside the bucket for every key (several installations or test runs sharing one bucket). */
  S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9._-]+\/)*$/, 'must be empty or end with / (segments of letters, digits, . _ -)')
    .default(''),
  /** Days a sent mail stays in mail_queue before the daily clean-up removes it. */
  MAIL_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** `off` turns every per-process short cache off (platform/short-cache.ts): to measure the uncached reads. */
  SHORT_CACHES: z.enum(['on', 'off']).default('on'),
});

export type StorageSettings =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      endpoint: string | undefined;
      region: string;
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
      prefix: string;
    };

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  contentPort: number;
  contentOrigin: string;
  dataDir: string;
  databaseUrl: string | undefined;
  appSecret: string;
  smtpUrl: string | undefined;
  smtpAllowPrivate: boolean;
  smtpFrom: string | undefined;
  demo: boolean;
  demoPassword: string | undefined;
  authHeader: 'authorization' | 'x-authorization';
  entraAuthority: string;
  paypalApiBase: string;
  paypalClientId: string | undefined;
  paypalClientSecret: string | undefined;
  paypalWebhookId: string | undefined;
  logLevel: string;
  trustProxy: TrustProxy;
  dbPoolMax: number;
  dbAcquireTimeoutMs: number;
  storage: StorageSettings;
  mailRetentionDays: number;
  shortCaches: boolean;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const demo = e.LMS_DEMO === undefined ? e.NODE_ENV !== 'production' : e.LMS_DEMO === '1' || e.LMS_DEMO === 'true';
  const contentOrigin = e.CONTENT_ORIGIN.replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    contentPort: e.CONTENT_PORT,
    contentOrigin,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    appSecret: e.APP_SECRET ?? readOrCreateSecret(dataDir, e.NODE_ENV),
    smtpUrl: e.SMTP_URL,
    smtpAllowPrivate: e.SMTP_ALLOW_PRIVATE === '1',
    smtpFrom: e.SMTP_FROM,
    demo,
    demoPassword: e.LMS_DEMO_PASSWORD,
    authHeader: e.AUTH_HEADER.toLowerCase() as Config['authHeader'],
    entraAuthority: e.ENTRA_AUTHORITY,
    paypalApiBase: e.PAYPAL_API_BASE.replace(/\/$/, ''),
    paypalClientId: e.PAYPAL_CLIENT_ID,
    paypalClientSecret: e.PAYPAL_CLIENT_SECRET,
    paypalWebhookId: e.PAYPAL_WEBHOOK_ID,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    dbPoolMax: e.DB_POOL_MAX,
    dbAcquireTimeoutMs: e.DB_ACQUIRE_TIMEOUT_MS,
    storage: storageSettings(e),
    mailRetentionDays: e.MAIL_RETENTION_DAYS,
    shortCaches: e.SHORT_CACHES === 'on',
  };
}

function storageSettings(e: z.output<typeof ZEnv>): StorageSettings {
  if (e.STORAGE === 'local') return { kind: 'local' };
  const problems: string[] = [];
  if (!e.S3_BUCKET) problems.push('  S3_BUCKET: required with STORAGE=s3');
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY)
    problems.push('  S3_ACCESS_KEY_ID: give both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither');
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return {
    kind: 's3',
    bucket: e.S3_BUCKET as string,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    // Neither given: the AWS SDK's own chain (environment, instance role, ...).
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === undefined ? e.S3_ENDPOINT !== undefined : e.S3_FORCE_PATH_STYLE === '1',
    prefix: e.S3_PREFIX,
  };
}

/** The embedded default keeps its secret next to its data, so a restart can still decrypt what it stored. */
function readOrCreateSecret(dataDir: string, nodeEnv: string): string {
  if (nodeEnv === 'production') throw new ConfigError('Invalid configuration:\n  APP_SECRET: required in production');
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
