import type { Db } from '../apps/server/src/db/database';

/** What a scenario gets: the seeded client, its users' password, and a way to sign in. */
export interface BenchContext {
  baseUrl: string;
  host: string;
  clientId: string;
  password: string;
  db: Db;
  scale: BenchScale;
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
  /** Vary each request (e.g. a different client IP for the per-IP login limit). */
  setupRequest?: (req: { headers?: Record<string, string> }) => { headers?: Record<string, string> };
}

export interface BenchScenario {
  name: string;
  /** Adds the data this scenario needs (groups, courses, ...) before the server starts. */
  seed?: (db: Db, clientId: string, scale: BenchScale) => Promise<void>;
  prepare: (ctx: BenchContext) => Promise<BenchRequest>;
}
