import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Server and contract tests. Each server test file builds its own app on a fresh database
// (SQLite always; PostgreSQL too when DATABASE_URL is set), so files run in parallel safely.
export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/server/test/**/*.test.ts',
      'apps/web/src/**/*.test.ts',
      'apps/web/*.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default leaves one core to itself (1 worker on CI's 2 cores), but a test file spends much of its time
    // waiting on PostgreSQL, argon2's thread pool or a socket: one worker more than there are cores keeps them busy
    // (PostgreSQL with S3 on 2 cores: 196 s with 2 workers, 152 s with 3; 2026-11-28).
    maxWorkers: os.availableParallelism() + 1,
    // A worker loads the server's modules once, not once per file: loading them was about half of the run (unit and
    // integration on SQLite 140 -> 66 s, on PostgreSQL with S3 290 -> 200 s; 2026-11-28). Nothing a file changes
    // outlives it: each builds its app on its own database, and the few tests that fake the clock restore it.
    isolate: false,
    // STORAGE=s3 without S3_ENDPOINT: an s3rver for the run (README "Tests with S3 storage").
    globalSetup: ['apps/server/test/storage-global-setup.ts'],
    // Subscribes the server's events and provides its ports (features/wiring.ts), once per worker.
    setupFiles: ['apps/server/test/wiring-setup.ts'],
  },
});
