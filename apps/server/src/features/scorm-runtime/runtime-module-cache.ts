import type { TLocale } from '@lms/contracts/constants';
import type { DbOrTrx } from '../../db/database';
import { shortCache } from '../../platform/short-cache';
import { findRuntimeModule, type RuntimeModule } from '../modules';

/**
 * A module's parsed manifest and texts for the runtime calls (issue 15: every commit read and parsed them again, two
 * of a commit's twelve statements). Kept RUNTIME_MODULE_CACHE_MS; dropped at once when this process writes to a
 * module or course table (db/write-generation), so a re-uploaded package shows in another process within that time.
 */
export const RUNTIME_MODULE_CACHE_MS = 5_000;
const MAX_ENTRIES = 1_000;

const cache = shortCache<RuntimeModule | undefined>({
  ms: RUNTIME_MODULE_CACHE_MS,
  entries: MAX_ENTRIES,
  families: ['learning'],
  keep: (module) => module !== undefined,
});

export const findRuntimeModuleCached = (
  db: DbOrTrx,
  clientId: string,
  moduleId: string,
  locale: TLocale,
): Promise<RuntimeModule | undefined> =>
  cache(db, [clientId, moduleId, locale], () => findRuntimeModule(db, clientId, moduleId, locale));
