import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Browser journeys: each file starts its own server (on its own database and ports) and browser, so files run side by
// side. A journey spends much of its time waiting (for a page's requests, for the browser), so one file more than
// there are cores keeps the cores busy: on CI's 2 cores the SQLite journeys took 15 minutes one at a time, 9.5 two at
// a time and 7 three at a time (the cores then 87% busy; 2026-11-28).
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
    maxWorkers: os.availableParallelism() + 1,
    fileParallelism: true,
    sequence: { concurrent: false },
  },
});
