import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LOCK_DIR = path.join(os.tmpdir(), 'lms-e2e-run.lock');
const LOCK_WAIT_MS = 30 * 60_000;

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Every run rebuilds apps/web/dist, which the servers of a run serve; two runs on one machine would pull the
 * files from under each other. So runs take turns: mkdir is atomic, and a lock whose owner died is taken over.
 */
async function takeRunLock(): Promise<void> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      mkdirSync(LOCK_DIR);
      writeFileSync(path.join(LOCK_DIR, 'pid'), String(process.pid));
      return;
    } catch {
      let owner = NaN;
      try {
        owner = Number(readFileSync(path.join(LOCK_DIR, 'pid'), 'utf8'));
      } catch {
        // the owner is between mkdir and writing its pid
      }
      if (Number.isInteger(owner) && !isAlive(owner)) rmSync(LOCK_DIR, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`another e2e run holds ${LOCK_DIR}`);
      else await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

function releaseRunLock(): void {
  try {
    if (Number(readFileSync(path.join(LOCK_DIR, 'pid'), 'utf8')) === process.pid)
      rmSync(LOCK_DIR, { recursive: true, force: true });
  } catch {
    // already gone
  }
}

/**
 * The journeys drive the built app as the server serves it in production (strict CSP included), so the web app
 * is built once before them; a stale dist would test yesterday's code.
 */
export default async function setup(): Promise<() => void> {
  await takeRunLock();
  try {
    if (process.env.E2E_SKIP_BUILD !== '1')
      execFileSync(
        process.execPath,
        [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
        {
          cwd: path.join(root, 'apps/web'),
          stdio: 'inherit',
          // Vitest sets NODE_ENV=test, and Vite would build React's development bundle from it (60% more code, slower):
          // the journeys test what ships.
          env: { ...process.env, NODE_ENV: 'production' },
        },
      );
  } catch (err) {
    releaseRunLock();
    throw err;
  }
  return releaseRunLock;
}
