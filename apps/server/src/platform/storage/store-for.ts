import type { Config } from '../../config';
import type { FileStore } from './file-store';
import { LocalFileStore } from './local-store';
import { S3FileStore } from './s3-store';

/** What the storage needs of the configuration; every Config has it. */
export type StorageConfig = Pick<Config, 'dataDir' | 'storage'>;

const stores = new Map<string, FileStore>();

/**
 * The process's store for a configuration, made once: the S3 client keeps its connections, so each caller must not
 * build its own. Keyed by the settings, since tests build many configurations that share a backend.
 */
export function fileStore(config: StorageConfig): FileStore {
  const id = JSON.stringify([config.dataDir, config.storage]);
  let store = stores.get(id);
  if (!store) {
    store = config.storage.kind === 's3' ? new S3FileStore(config.storage) : new LocalFileStore(config.dataDir);
    stores.set(id, store);
  }
  return store;
}
