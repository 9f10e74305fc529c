/**
 * `npm run test:soak`, the last step of `npm test`: the short soak of issue 33 (2 minutes, 50 learners, an import of
 * 1,000 users early in the run, one kill -9) on a fresh database of DATABASE_URL's server; without DATABASE_URL it
 * is skipped (the soak runs on PostgreSQL). Kept apart from run.ts so the skip loads none of the server's modules.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

if (!process.env.DATABASE_URL) {
  console.log('soak skipped: it runs on PostgreSQL, and DATABASE_URL is not set');
  process.exit(0);
}
const run = path.join(path.dirname(fileURLToPath(import.meta.url)), 'run.ts');
const args = [
  '--shared-db',
  '--minutes',
  '2',
  '--learners',
  '50',
  '--import-rows',
  '1000',
  '--import-at',
  '0.1',
  '--kill',
];
const res = spawnSync(process.execPath, ['--import', 'tsx', run, ...args], { stdio: 'inherit' });
process.exit(res.status ?? 1);
