import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startS3TestServer, type S3TestServer } from '../../../test/s3-test-server';
import { loadConfig } from '../../config';
import { LocalFileStore } from './local-store';
import { migrateFilesToBucket } from './migrate-to-bucket';
import { S3FileStore } from './s3-store';

let s3: S3TestServer;
let dataDir: string;
beforeAll(async () => {
  s3 = await startS3TestServer('migrate');
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'lms-migrate-'));
});
afterAll(async () => {
  await s3.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it('copies every file of DATA_DIR/files into the bucket under its key, and skips what is there on a second run', async () => {
  const local = new LocalFileStore(dataDir);
  await local.write('c1/courses/k1/files/f1/document.pdf', Buffer.from('%PDF-1.4 one'));
  await local.write('profile-pictures/c1/u1-abc.webp', Buffer.from('webp'));
  await local.write('c1/courses/k1/modules/m1/p1/shared/launch page.html', Buffer.from('<html></html>'));
  const config = loadConfig({
    ...s3.env,
    S3_BUCKET: 'migrate',
    S3_PREFIX: 'site/',
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    APP_SECRET: 'x'.repeat(32),
  });
  const lines: string[] = [];
  expect(await migrateFilesToBucket(config, (l) => lines.push(l))).toMatchObject({ copied: 3, skipped: 0 });
  expect(lines.at(-1)).toMatch(/^Done: 3 files copied/);
  const bucket = new S3FileStore(config.storage as Extract<typeof config.storage, { kind: 's3' }>);
  const keys: string[] = [];
  for await (const f of bucket.list('')) keys.push(f.key);
  expect(keys.sort()).toEqual(
    [
      'c1/courses/k1/files/f1/document.pdf',
      'c1/courses/k1/modules/m1/p1/shared/launch page.html',
      'profile-pictures/c1/u1-abc.webp',
    ].sort(),
  );
  expect((await bucket.stat('profile-pictures/c1/u1-abc.webp'))?.size).toBe(4);
  bucket.destroy();
  expect(await migrateFilesToBucket(config, () => undefined)).toMatchObject({ copied: 0, skipped: 3 });
  await expect(migrateFilesToBucket({ ...config, storage: { kind: 'local' } })).rejects.toThrow(/STORAGE=s3/);
});
