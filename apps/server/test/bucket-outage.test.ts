import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { moduleData, postMultipart, TINY_PDF, TINY_PNG, uploadModule } from '../src/features/modules/test-upload';
import { fileStore } from '../src/platform/storage';
import { createClient, createUser, signIn } from './factories';
import { createBucket } from './s3-test-server';
import { freePort } from './server-process';
import { describeEachDialect } from './test-app';

// Issue 33, the bucket fault: while the bucket cannot be reached, uploads and downloads answer a clear 503
// storage_unavailable (they answered 500), and no row names a file that is not there; once it is back, all works.
// An s3rver of this file's own, on a fixed port, so it can go away and come back.
const port = await freePort();
const directory = mkdtempSync(path.join(os.tmpdir(), 'lms-bucket-outage-'));
const env = {
  STORAGE: 's3',
  S3_ENDPOINT: `http://127.0.0.1:${port}`,
  S3_BUCKET: 'outage',
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
};
const storage = loadConfig({ NODE_ENV: 'test', DATA_DIR: directory, ...env }).storage;
let bucket: S3rver | null = null;
const bucketUp = async () => {
  bucket = new S3rver({ address: '127.0.0.1', port, silent: true, directory });
  await bucket.run();
};
const bucketDown = async () => {
  await bucket?.close();
  bucket = null;
};

beforeAll(async () => {
  await bucketUp();
  await createBucket(env);
});
afterAll(async () => {
  await bucketDown();
  rmSync(directory, { recursive: true, force: true });
});

describeEachDialect(
  'the bucket unreachable',
  (ctx) => {
    it('answers 503 storage_unavailable to uploads and downloads, leaves no row without its file, and recovers', async () => {
      const { app, deps } = ctx();
      const client = await createClient(deps.db);
      const content = await signIn(app, await createUser(deps.db, client, { role: 'CONTENT_MASTER' }));
      const course = await content.post('/api/courses', { i18n: { 'de-DE': { title: 'Ausfall', description: '' } } });
      const courseId = course.json<{ id: string }>().id;
      const addFile = () =>
        postMultipart(content, `/api/courses/${courseId}/files`, [
          { name: 'data', value: JSON.stringify({ locale: 'de-DE', fileName: 'Merkblatt.pdf' }) },
          { name: 'pdf', filename: 'x.pdf', content: TINY_PDF },
          { name: 'logo', filename: 'logo.png', content: TINY_PNG },
        ]);
      const file = await addFile();
      expect(file.statusCode, file.body).toBe(200);
      const fileId = file.json<{ id: string }>().id;
      const modules = () => deps.db.selectFrom('modules').select('id').where('course_id', '=', courseId).execute();
      const files = () => deps.db.selectFrom('course_files').select('id').where('course_id', '=', courseId).execute();
      const objects = async () => {
        const keys: string[] = [];
        for await (const o of fileStore(deps.config).list('')) keys.push(o.key);
        return keys.sort();
      };
      const before = await objects();

      await bucketDown();
      try {
        const download = await content.get(`/api/courses/${courseId}/files/${fileId}/pdf`);
        expect(download.statusCode, download.body).toBe(503);
        expect(download.json()).toMatchObject({ error: 'storage_unavailable' });
        const upload = await uploadModule(
          content,
          courseId,
          { content: TINY_PDF, filename: 'a.pdf' },
          { data: moduleData('PDF') },
        );
        expect(upload.statusCode, upload.body).toBe(503);
        expect(upload.json()).toMatchObject({ error: 'storage_unavailable' });
        const second = await addFile();
        expect(second.statusCode, second.body).toBe(503);
        expect(second.json()).toMatchObject({ error: 'storage_unavailable' });
      } finally {
        await bucketUp();
      }
      expect(await modules()).toEqual([]);
      expect(await files()).toHaveLength(1);
      expect(await objects()).toEqual(before);

      const again = await content.get(`/api/courses/${courseId}/files/${fileId}/pdf`);
      expect(again.statusCode).toBe(200);
      expect(again.rawPayload.equals(TINY_PDF)).toBe(true);
      const upload = await uploadModule(
        content,
        courseId,
        { content: TINY_PDF, filename: 'a.pdf' },
        { data: moduleData('PDF') },
      );
      expect(upload.statusCode, upload.body).toBe(200);
      expect(await modules()).toHaveLength(1);
    });
  },
  { storage },
);
