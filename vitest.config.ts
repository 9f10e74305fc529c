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
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // STORAGE=s3 without S3_ENDPOINT: an s3rver for the run (README "Tests with S3 storage").
    globalSetup: ['apps/server/test/storage-global-setup.ts'],
  },
});
