import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Browser journeys: each file starts its own server (on its own database and ports) and browser, so files run side by
// side. Two at once: a journey spends half its time waiting (for a page's requests, for the browser), and one file at a
// time left CI's 2 cores 55-65% idle; two at once took the SQLite journeys from 15 to 10 minutes, each file 1.2-1.4
// times as long as alone. (An earlier attempt had each file take 2-3 times as long; measured again on 2026-11-28, on
// both databases, it no longer does.)
export default defineConfig({
  root,
  test: {
    include: ['e2e/**/*.e2e.ts'],
    // The second: STORAGE=s3 without S3_ENDPOINT runs the journeys' servers on an s3rver (README "Tests with S3 storage").
    globalSetup: ['e2e/global-setup.ts', 'apps/server/test/storage-global-setup.ts'],
    // A timeout catches a hang, not a slow machine: on 2026-11-28 this machine ran the journeys at less than half the
    // speed of the day before (25 instead of 10 minutes), and two journeys that had passed the day before hit 90 s.
    testTimeout: 300_000,
    // A page renders what it fetched a moment after navigation; Vitest's default poll (1 s) failed the premium
    // journey's first look at the dashboard on a busy CI machine. Polls that need longer still say so themselves.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 300_000,
    pool: 'forks',
    // A worker keeps the modules it loaded (playwright, axe, the helpers) from one file to the next: loading them per
    // file was 91 s of the SQLite run's CPU. No journey mocks a module or changes the process's environment.
    isolate: false,
    maxWorkers: 2,
    fileParallelism: true,
    sequence: { concurrent: false },
  },
});
