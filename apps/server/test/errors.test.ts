import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { createClient } from './factories';
import { createTestDb, type TestDb } from './test-db';
import { testConfig } from './test-app';

let app: FastifyInstance;
let testDb: TestDb;
const logLines: string[] = [];

beforeAll(async () => {
  testDb = await createTestDb('sqlite');
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      logLines.push(chunk.toString());
      cb();
    },
  });
  app = await buildApp(
    { config: testConfig(testDb.dataDir), db: testDb.db, dialect: 'sqlite' },
    { logger: { level: 'error', stream } },
  );
  app.get('/api/test/boom', { config: { access: 'public' } }, () => {
    throw new Error('secret internal detail');
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
});

it('answers a 500 with the catalogue shape, no stack, and logs it with the request id', async () => {
  const client = await createClient(testDb.db);
  const res = await app.inject({ method: 'GET', url: '/api/test/boom', headers: { host: client.host } });
  expect(res.statusCode).toBe(500);
  const body = res.json<{ error: string; details: { requestId: string } }>();
  expect(body.error).toBe('unknown_error');
  expect(res.body).not.toContain('secret internal detail');
  expect(res.body).not.toContain('at ');
  expect(res.headers['x-request-id']).toBe(body.details.requestId);
  expect(logLines.join('')).toContain(body.details.requestId);
  expect(logLines.join('')).toContain('secret internal detail');
});

it('answers 400 bad_request for malformed JSON, never 500', async () => {
  const client = await createClient(testDb.db);
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    headers: { host: client.host, 'content-type': 'application/json' },
    payload: '{"emailOrUsername": ',
  });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ error: 'bad_request' });
});

it('serves the OpenAPI document at /api/docs', async () => {
  const client = await createClient(testDb.db);
  const res = await app.inject({ method: 'GET', url: '/api/docs/json', headers: { host: client.host } });
  expect(res.statusCode).toBe(200);
  const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
  expect(doc.openapi).toMatch(/^3\./);
  expect(Object.keys(doc.paths)).toContain('/api/user/login');
});
