import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { AppDeps } from '../src/platform/deps';
import { testConfig } from './test-app';
import { createTestDb, type TestDb } from './test-db';

/**
 * The web build as apps/web/vite.config.ts writes it: each text file with its .br and .gz beside it. The server
 * sends the variant the browser accepts, hashed assets for a year, the index page always revalidated (issue 15).
 */
describe('the web build is served precompressed with its caching rules', () => {
  const js = `export const answer = ${JSON.stringify('x'.repeat(2000))};\n`;
  const html = '<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head></html>';
  let webDist: string;
  let testDb: TestDb;
  let app: FastifyInstance;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(os.tmpdir(), 'lms-web-dist-'));
    mkdirSync(path.join(webDist, 'assets'));
    const write = (name: string, content: string) => {
      writeFileSync(path.join(webDist, name), content);
      writeFileSync(path.join(webDist, `${name}.br`), brotliCompressSync(content));
      writeFileSync(path.join(webDist, `${name}.gz`), gzipSync(content));
    };
    write('index.html', html);
    write('assets/app-abc123.js', js);
    testDb = await createTestDb('sqlite');
    const deps: AppDeps = { config: testConfig(testDb.dataDir), db: testDb.db, dialect: 'sqlite' };
    app = await buildApp(deps, { webDist });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
    rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends brotli to a browser that accepts it, gzip to one that accepts only gzip, plain to one that accepts none', async () => {
    const br = await get('/assets/app-abc123.js', 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(js);
    expect(br.rawPayload.length).toBeLessThan(js.length / 10);

    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(js);

    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
    for (const res of [br, gz, plain]) expect(res.headers.vary).toMatch(/accept-encoding/i);
  });

  it('caches hashed assets for a year and revalidates the index page on every visit, under the strict CSP; the API stays 404', async () => {
    const asset = await get('/assets/app-abc123.js', 'br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const page = await get('/login', 'br, gzip');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(html);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");

    expect((await get('/api/nothing-here')).statusCode).toBe(404);
    const direct = await get('/index.html');
    expect(direct.headers['cache-control']).toBe('no-cache');
    expect(direct.body).toBe(html);
  });
});
