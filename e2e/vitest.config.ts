import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Browser journeys: each file starts its own server and browser, so files run one after another in one fork. (Two
// files side by side were tried: on CI's 2 cores Chromium and the server already fill both, so each file ran 2-3
// times as long and the long journeys hit their timeout.)
export default defineConfig({
  root,
  test: {
    include: ['e2e/**/*.e2e.ts'],
    // The second: STORAGE=s3 without S3_ENDPOINT runs the journeys' servers on an s3rver (README "Tests with S3 storage").
    globalSetup: ['e2e/global-setup.ts', 'apps/server/test/storage-global-setup.ts'],
    testTimeout: 90_000,
    // A page renders what it fetched a moment after navigation; Vitest's default poll (1 s) failed the premium
    // journey's first look at the dashboard on a busy CI machine. Polls that need longer still say so themselves.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    sequence: { concurrent: false },
  },
});
