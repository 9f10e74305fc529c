import type { Dirent } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** A temp entry older than this was left by a request or job that died (uploads and extractions take minutes). */
export const TEMP_KEEP_MS = 24 * 3_600_000;

/**
 * Removes what lies in this process's DATA_DIR/tmp (uploads in flight, extraction folders) unchanged for longer
 * than `keepMs`; answers how many entries went. Local scratch only: kept files live in the store.
 */
export async function removeStaleTemp(dataDir: string, now: Date, keepMs = TEMP_KEEP_MS): Promise<number> {
  let removed = 0;
  for (const sub of ['uploads', 'work']) {
    const dir = path.join(path.resolve(dataDir), 'tmp', sub);
    const entries: Dirent[] = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      const full = path.join(dir, e.name);
      const info = await stat(full).catch(() => undefined);
      if (info && now.getTime() - info.mtimeMs > keepMs) {
        await rm(full, { recursive: true, force: true });
        removed++;
      }
    }
  }
  return removed;
}
