import type { TLocale } from '@lms/contracts/constants';
import type { DbOrTrx } from '../../db/database';
import { writeGeneration } from '../../db/write-generation';
import { findRuntimeModule, type RuntimeModule } from '../modules/module.service';

/**
 * A module's parsed manifest and texts for the runtime calls (issue 15: every commit read and parsed them again, two
 * of a commit's twelve statements). Kept RUNTIME_MODULE_CACHE_MS; dropped at once when this process writes to a
 * module or course table (db/write-generation), so a re-uploaded package shows in another process within that time.
 */
export const RUNTIME_MODULE_CACHE_MS = 5_000;
const MAX_ENTRIES = 1_000;

const cache = new Map<string, { generation: number; until: number; module: RuntimeModule }>();

export async function findRuntimeModuleCached(
  db: DbOrTrx,
  clientId: string,
  moduleId: string,
  locale: TLocale,
): Promise<RuntimeModule | undefined> {
  const key = `${clientId}|${moduleId}|${locale}`;
  const now = Date.now();
  const generation = writeGeneration();
  const hit = cache.get(key);
  if (hit && hit.until > now && hit.generation === generation) return hit.module;
  const module = await findRuntimeModule(db, clientId, moduleId, locale);
  if (!module) return undefined;
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(key, { generation, until: now + RUNTIME_MODULE_CACHE_MS, module });
  return module;
}
