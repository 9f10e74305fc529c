import type { Db } from '../apps/server/src/db/database';

/** What a scenario gets: the seeded client, its users' password, and a way to sign in. */
export interface BenchContext {
  baseUrl: string;
  /** The SCORM content origin of the same server process (player, package files, runtime calls). */
  contentUrl: string;
  host: string;
  clientId: string;
  password: string;
  db: Db;
  scale: BenchScale;
  /** How many connections drive each scenario at once. */
  connections: number;
  /** Signs in a seeded user and answers the token. */
  signIn: (email: string) => Promise<string>;
}

export interface BenchScale {
  users: number;
  groups: number;
  courses: number;
  trainings: number;
}

export interface BenchRequest {
  method?: 'GET' | 'POST' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /**
   * Vary each request (e.g. a different client IP for the per-IP login limit). `context` is autocannon's object per
   * connection, kept across that connection's requests.
   */
  setupRequest?: (req: BenchRawRequest, context: Record<string, unknown>) => BenchRawRequest;
  /** Sees each answer, with the `context` its setupRequest was given. */
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  /** Connections for this scenario instead of --connections (e.g. 1: the time one request takes, unqueued). */
  connections?: number;
  /** Which origin the request goes to: the app (default) or the content origin. */
  origin?: 'app' | 'content';
  /** The JSON the ceiling serves for this scenario; by default one GET of the request's answer. */
  sample?: unknown;
}

export interface BenchRawRequest {
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface BenchScenario {
  name: string;
  /** Adds the data this scenario needs (groups, courses, ...) before the server starts. */
  seed?: (db: Db, clientId: string, scale: BenchScale) => Promise<void>;
  prepare: (ctx: BenchContext) => Promise<BenchRequest>;
  /**
   * A scenario measured once rather than driven by autocannon (a large download: bench/scenarios/exports.ts): it
   * runs against the server process `pid` and answers the lines to print. Its `prepare` is not called.
   */
  once?: (ctx: BenchContext, pid: number) => Promise<string[]>;
}
