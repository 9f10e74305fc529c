import http from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import type { Db } from '../../apps/server/src/db/database';
import { repairUserSearchKeys } from '../../apps/server/src/features/users/user-search-keys';
import type { BenchContext, BenchScenario } from '../types';

// Issue 31 point 3: one export of the whole user list (every seeded user: `--users 100000` for the acceptance's
// 100,000 rows) as XLSX or CSV, measured once: the time to the last byte and the server's resident memory, its peak
// during the download (VmHWM, reset before the request through /proc/<pid>/clear_refs) against its level before.
// Streaming keeps the peak flat: one page of 1,000 users is held at a time, not the file.

const ADMIN = 'bench-user-1@bench.example';

let keyed = false;
async function seedKeys(db: Db, clientId: string): Promise<void> {
  if (keyed) return;
  keyed = true;
  await db.transaction().execute((trx) => repairUserSearchKeys(trx, clientId));
}

const status = (pid: number) => readFileSync(`/proc/${pid}/status`, 'utf8');
const kb = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status(pid))?.[1]);
const mb = (kilobytes: number) => Math.round(kilobytes / 1024);

/** Downloads the export, reading as fast as it comes; answers bytes, time and the highest RSS seen while it ran. */
function download(ctx: BenchContext, token: string, format: 'xlsx' | 'csv', pid: number, search = '') {
  return new Promise<{ status: number; bytes: number; ms: number; head: Buffer; sampledPeakKb: number }>(
    (resolve, reject) => {
      const started = performance.now();
      let sampledPeakKb = kb(pid, 'VmRSS');
      const sampler = setInterval(() => (sampledPeakKb = Math.max(sampledPeakKb, kb(pid, 'VmRSS'))), 25);
      const req = http.get(
        new URL(
          `/api/users/export?format=${format}${search ? `&search=${encodeURIComponent(search)}` : ''}`,
          ctx.baseUrl,
        ),
        { headers: { host: ctx.host, authorization: `Bearer ${token}` } },
        (res) => {
          let bytes = 0;
          let head = Buffer.alloc(0);
          res.on('data', (c: Buffer) => {
            if (head.length < 4) head = Buffer.concat([head, c]).subarray(0, 4);
            bytes += c.length;
          });
          res.on('end', () => {
            clearInterval(sampler);
            resolve({ status: res.statusCode ?? 0, bytes, ms: performance.now() - started, head, sampledPeakKb });
          });
          res.on('error', reject);
        },
      );
      req.on('error', (err) => {
        clearInterval(sampler);
        reject(err);
      });
    },
  );
}

const exportScenario = (format: 'xlsx' | 'csv'): BenchScenario => ({
  name: `export-${format}`,
  seed: (db, clientId) => seedKeys(db, clientId),
  prepare: () => Promise.reject(new Error('measured once')),
  once: async (ctx, pid) => {
    const token = await ctx.signIn(ADMIN);
    // A first, small export warms the code paths (exceljs loaded, statements prepared), unmeasured.
    await download(ctx, token, format, pid, 'bench-user-1@');
    const before = kb(pid, 'VmRSS');
    writeFileSync(`/proc/${pid}/clear_refs`, '5'); // resets VmHWM to the current RSS
    const run = await download(ctx, token, format, pid);
    const peak = Math.max(kb(pid, 'VmHWM'), run.sampledPeakKb);
    const after = kb(pid, 'VmRSS');
    const magic = format === 'xlsx' ? run.head.subarray(0, 2).toString() === 'PK' : run.head[0] === 0xef;
    if (run.status !== 200 || !magic) throw new Error(`export-${format}: ${run.status}, not a ${format} file`);
    return [
      `export-${format}: ${ctx.scale.users} users (rows) in ${(run.ms / 1000).toFixed(1)} s, ` +
        `${(run.bytes / 1024 / 1024).toFixed(1)} MB; server RSS ${mb(before)} MB before, peak ${mb(peak)} MB ` +
        `during (+${mb(peak - before)} MB), ${mb(after)} MB after`,
    ];
  },
});

export const scenarios: BenchScenario[] = [exportScenario('xlsx'), exportScenario('csv')];
