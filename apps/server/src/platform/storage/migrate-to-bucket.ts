import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig, type Config } from '../../config';
import { LocalFileStore } from './local-store';
import { S3FileStore } from './s3-store';

/**
 * Copies every kept file of DATA_DIR/files into the bucket of STORAGE=s3 under the same key (docs/operations.md
 * "Moving files into a bucket"). A file the bucket already holds with the same size is skipped, so the command can
 * run again after an interruption. Local files stay; remove them once the platform runs on the bucket.
 */
export async function migrateFilesToBucket(
  config: Config,
  log: (line: string) => void = (line) => console.log(line),
): Promise<{ copied: number; skipped: number; bytes: number }> {
  if (config.storage.kind !== 's3') throw new Error('Set STORAGE=s3 and the S3_* settings of the target bucket.');
  const local = new LocalFileStore(config.dataDir);
  const bucket = new S3FileStore(config.storage);
  const result = { copied: 0, skipped: 0, bytes: 0 };
  try {
    for await (const file of local.list('')) {
      const there = await bucket.stat(file.key);
      if (there?.size === file.size) result.skipped++;
      else {
        result.bytes += await bucket.upload(file.key, local.pathOf(file.key));
        result.copied++;
      }
      const done = result.copied + result.skipped;
      if (done % 500 === 0) log(`${done} files: ${result.copied} copied, ${result.skipped} already there`);
    }
  } finally {
    bucket.destroy();
  }
  log(
    `Done: ${result.copied} files copied (${result.bytes} bytes), ${result.skipped} already in bucket ` +
      `${config.storage.bucket}${config.storage.prefix ? ` under ${config.storage.prefix}` : ''}.`,
  );
  return result;
}

// `npm run storage:migrate`: the configuration comes from the environment, as the server's does.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  migrateFilesToBucket(loadConfig()).catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
