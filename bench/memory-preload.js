// Test-only preload for bench/memory-probe.ts (never loaded by the product): writes process.memoryUsage() every
// second to MEMPROBE_OUT; when MEMPROBE_TRIGGER exists, runs a full collection (--expose-gc), writes the figures
// after it and, with MEMPROBE_SNAPSHOTS set to a folder, a heap snapshot there.
import { appendFileSync, existsSync, rmSync } from 'node:fs';
import v8 from 'node:v8';

const out = process.env.MEMPROBE_OUT;
const trigger = process.env.MEMPROBE_TRIGGER;
const mb = (n) => Math.round(n / 1048576);
const figures = () => {
  const m = process.memoryUsage();
  const h = v8.getHeapStatistics();
  return {
    rss: mb(m.rss),
    heapUsed: mb(m.heapUsed),
    heapTotal: mb(m.heapTotal),
    external: mb(m.external),
    arrayBuffers: mb(m.arrayBuffers),
    malloced: mb(h.malloced_memory),
  };
};
if (out && trigger)
  setInterval(() => {
    appendFileSync(out, `${JSON.stringify({ at: Date.now(), ...figures() })}\n`);
    if (!existsSync(trigger)) return;
    globalThis.gc?.();
    appendFileSync(out, `${JSON.stringify({ afterGc: true, ...figures() })}\n`);
    if (process.env.MEMPROBE_SNAPSHOTS)
      v8.writeHeapSnapshot(`${process.env.MEMPROBE_SNAPSHOTS}/${Date.now()}.heapsnapshot`);
    rmSync(trigger);
  }, 1000).unref();
