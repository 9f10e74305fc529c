import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3TestServer, type S3TestServer } from '../../../test/s3-test-server';
import { StorageKeyError, type FileStore } from './file-store';
import { LocalFileStore } from './local-store';
import { S3FileStore } from './s3-store';
import { sendStored } from './send-stored';

// The storage contract (issue 16): both backends answer every call alike. The S3 one talks to a real S3 protocol
// server (s3rver on 127.0.0.1), whatever STORAGE the run has.

const text = async (stream: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

const backends: {
  name: string;
  make: () => Promise<{ store: FileStore; dataDir: string; close: () => Promise<void> }>;
}[] = [
  {
    name: 'local',
    make: () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lms-store-'));
      return Promise.resolve({
        store: new LocalFileStore(dataDir),
        dataDir,
        close: () => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })),
      });
    },
  },
  {
    name: 's3 (s3rver)',
    make: async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lms-store-'));
      const server: S3TestServer = await startS3TestServer('contract');
      const store = new S3FileStore({
        kind: 's3',
        bucket: 'contract',
        endpoint: server.endpoint,
        region: 'us-east-1',
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        forcePathStyle: true,
        prefix: 'run/',
      });
      return {
        store,
        dataDir,
        close: async () => {
          store.destroy();
          await server.close();
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    },
  },
];

for (const backend of backends) {
  describe(`storage contract [${backend.name}]`, () => {
    let store: FileStore;
    let dataDir: string;
    let close: () => Promise<void>;
    const temp = (name: string, bytes: Buffer | string): string => {
      const dir = path.join(dataDir, 'tmp', 'uploads');
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, name), bytes);
      return path.join(dir, name);
    };

    beforeAll(async () => {
      ({ store, dataDir, close } = await backend.make());
    });
    afterAll(() => close());

    it('writes, stats, opens whole and by range, and answers undefined for a missing key', async () => {
      await store.write('c1/a/hello.txt', Buffer.from('hello world'));
      expect(await store.stat('c1/a/hello.txt')).toMatchObject({ size: 11, etag: expect.stringMatching(/^".+"$/) });
      const whole = await store.open('c1/a/hello.txt');
      expect(whole).toMatchObject({ size: 11, start: 0, end: 10 });
      expect((await text(whole!.stream)).toString()).toBe('hello world');
      const part = await store.open('c1/a/hello.txt', { start: 6, end: 9 });
      expect(part).toMatchObject({ size: 11, start: 6, end: 9 });
      expect((await text(part!.stream)).toString()).toBe('worl');
      expect(await store.open('c1/a/none.txt')).toBeUndefined();
      expect(await store.stat('c1/a/none.txt')).toBeUndefined();
      // A "folder" is no file.
      expect(await store.open('c1/a')).toBeUndefined();
    });

    it('moves a 6 MB temp file in as a stream and gives the same bytes back; the temp file is gone', async () => {
      const bytes = randomBytes(6 * 1024 * 1024);
      const file = temp('big.bin', bytes);
      expect(await store.putFile('c1/big/file.bin', file)).toBe(bytes.length);
      expect(existsSync(file)).toBe(false);
      const back = await store.open('c1/big/file.bin');
      const digest = createHash('sha256');
      for await (const chunk of back!.stream) digest.update(chunk as Buffer);
      expect(digest.digest('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
    });

    it('moves a folder in as a tree, keeps package names, lists and removes by prefix', async () => {
      const dir = path.join(dataDir, 'tmp', 'work', 'pkg');
      mkdirSync(path.join(dir, 'shared', 'Bilder (alt)'), { recursive: true });
      writeFileSync(path.join(dir, 'imsmanifest.xml'), '<manifest/>');
      writeFileSync(path.join(dir, 'shared', 'launch page.html'), '<html></html>');
      writeFileSync(path.join(dir, 'shared', 'Bilder (alt)', 'Grün.png'), 'png');
      await store.putTree('c2/modules/p1', dir);
      expect(existsSync(dir)).toBe(false);
      const listed: string[] = [];
      for await (const f of store.list('c2/modules')) listed.push(f.key);
      expect(listed.sort()).toEqual(
        [
          'c2/modules/p1/imsmanifest.xml',
          'c2/modules/p1/shared/Bilder (alt)/Grün.png',
          'c2/modules/p1/shared/launch page.html',
        ].sort(),
      );
      expect((await store.stat('c2/modules/p1/shared/Bilder (alt)/Grün.png'))?.size).toBe(3);
      await store.write('c2/modules/p10/other.txt', Buffer.from('x'));
      await store.remove('c2/modules/p1');
      // The prefix is a folder: p10 beside p1 stays.
      const left: string[] = [];
      for await (const f of store.list('c2')) left.push(f.key);
      expect(left).toEqual(['c2/modules/p10/other.txt']);
      await store.remove('c2/modules/p1');
      await store.remove('c2/modules/p10/other.txt');
      expect(await store.stat('c2/modules/p10/other.txt')).toBeUndefined();
    });

    it('replaces a file whole', async () => {
      await store.write('c3/f.txt', Buffer.from('first version'));
      await store.write('c3/f.txt', Buffer.from('second'));
      expect((await text((await store.open('c3/f.txt'))!.stream)).toString()).toBe('second');
    });

    it('refuses keys that step out or hide', async () => {
      for (const bad of ['../x', 'a/../../x', 'a//b', '/abs', 'a\\b', 'a/./b']) {
        await expect(store.write(bad, Buffer.from('x'))).rejects.toThrow(StorageKeyError);
        await expect(store.open(bad)).rejects.toThrow(StorageKeyError);
      }
    });

    it('serves a stored file with its type, tag, 304, one range and 416', async () => {
      await store.write('c4/pkg/page.html', Buffer.from('<p>0123456789</p>'));
      await store.write('c4/pkg/movie.mp4', randomBytes(1000));
      const app = Fastify();
      app.get<{ Params: { '*': string } }>('/f/*', async (req, reply) => {
        const sent = await sendStored(req, reply, store, `c4/pkg/${req.params['*']}`, 'private, max-age=300');
        return sent ? reply : reply.status(404).send({ error: 'not_found' });
      });
      const page = await app.inject({ method: 'GET', url: '/f/page.html' });
      expect(page.statusCode).toBe(200);
      expect(page.headers).toMatchObject({
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'private, max-age=300',
        'accept-ranges': 'bytes',
        'content-length': '17',
      });
      expect(page.body).toBe('<p>0123456789</p>');
      const etag = String(page.headers.etag);
      expect(
        (await app.inject({ method: 'GET', url: '/f/page.html', headers: { 'if-none-match': etag } })).statusCode,
      ).toBe(304);
      const range = await app.inject({ method: 'GET', url: '/f/movie.mp4', headers: { range: 'bytes=100-199' } });
      expect(range.statusCode).toBe(206);
      expect(range.headers).toMatchObject({
        'content-type': 'video/mp4',
        'content-range': 'bytes 100-199/1000',
        'content-length': '100',
      });
      expect(range.rawPayload.length).toBe(100);
      const suffix = await app.inject({ method: 'GET', url: '/f/movie.mp4', headers: { range: 'bytes=-10' } });
      expect(suffix.headers['content-range']).toBe('bytes 990-999/1000');
      const beyond = await app.inject({ method: 'GET', url: '/f/movie.mp4', headers: { range: 'bytes=5000-' } });
      expect(beyond.statusCode).toBe(416);
      expect(beyond.headers['content-range']).toBe('bytes */1000');
      expect((await app.inject({ method: 'GET', url: '/f/none.js' })).statusCode).toBe(404);
      await app.close();
    });
  });
}
