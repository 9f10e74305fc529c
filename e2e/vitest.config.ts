import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Browser journeys: each file starts its own server (own ports, own database, own data folder) and its own browser, so
// two files run side by side: a journey waits on its browser and its server most of the time.
export default defineConfig({
  root,
  test: {
    include: ['e2e/**/*.e2e.ts'],
    // The second: STORAGE=s3 without S3_ENDPOINT runs the journeys' servers on an s3rver (README "Tests with S3 storage").
    globalSetup: ['e2e/global-setup.ts', 'apps/server/test/storage-global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    sequence: { concurrent: false },
  },
});
