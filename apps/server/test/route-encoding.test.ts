import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createClient, createUser, signIn, type TestClient } from './factories';
import { testConfig } from './test-app';
import { DIALECTS, createTestDb, type TestDb } from './test-db';

// Hardening issue 3: the router decodes the path, so `/%61pi/...` runs an /api handler; the tenant, session and
// access guard must apply whenever one runs, however the path was spelled. Requests go over a real socket, byte for
// byte as written here (app.inject would normalise some of them), and through app.inject.

type Answer = { status: number; body: string };

/** One raw HTTP/1.1 request; the request target is sent exactly as given. */
function rawRequest(port: number, target: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(5_000, () => socket.destroy(new Error(`no answer to ${target}`)));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      const head = text.indexOf('\r\n\r\n');
      let body = text.slice(head + 4);
      if (/\r\ntransfer-encoding: chunked/i.test(text.slice(0, head))) body = unchunk(body);
      resolve({ status, body });
    });
    const lines = Object.entries({ ...headers, connection: 'close' }).map(([k, v]) => `${k}: ${v}`);
    socket.write(`GET ${target} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
  });
}

function unchunk(body: string): string {
  let out = '';
  let rest = body;
  for (;;) {
    const eol = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, eol), 16);
    if (!size) return out;
    out += rest.slice(eol + 2, eol + 2 + size);
    rest = rest.slice(eol + 2 + size + 2);
  }
}

/** Spellings of an /api path: encoded, doubled or dotted segments, case, query and fragment, absolute form. */
const spellings = (path: string): string[] => {
  const rest = path.slice('/api/'.length);
  return [
    path,
    `/%61pi/${rest}`,
    `/%61%70%69/${rest}`,
    `/%41PI/${rest}`,
    `/API/${rest}`,
    `/Api/${rest}`,
    `//api/${rest}`,
    `/api//${rest}`,
    `/./api/${rest}`,
    `/api/./${rest}`,
    `/api/x/../${rest}`,
    `/api/%2e/${rest}`,
    `/%2Fapi/${rest}`,
    `/api%2F${rest.replaceAll('/', '%2F')}`,
    `/api/${rest.replace(/^(.)/, (c: string) => `%${c.charCodeAt(0).toString(16)}`)}`,
    `/api/${rest}/`,
    `/api/${rest}?x`,
    `/api/${rest}?`,
    `/api/${rest}#x`,
    `/api/${rest};x`,
    `/api/${rest}%20`,
    `/api/${rest}%00`,
    `http://evil.example/api/${rest}`,
    `http://evil.example:80//%61pi/${rest}`,
  ];
};

for (const dialect of DIALECTS) {
  describe(`the guard on every spelling of an /api path [${dialect}]`, () => {
    let app: FastifyInstance;
    let testDb: TestDb;
    let port: number;
    let client: TestClient;
    let token: string;
    /** What the probe handler saw each time it ran: the guard sets tenant and actor before any handler. */
    const ran: Array<{ url: string; tenantId: string | undefined; actorId: string | undefined }> = [];

    beforeAll(async () => {
      testDb = await createTestDb(dialect);
      app = await buildApp({ config: testConfig(testDb.dataDir), db: testDb.db, dialect });
      app.get('/api/test/probe', { config: { access: 'user' } }, (req) => {
        ran.push({ url: req.url, tenantId: req.tenant?.id, actorId: req.actor?.userId });
        return { ok: true };
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      port = (app.server.address() as AddressInfo).port;
      client = await createClient(testDb.db);
      token = (await signIn(app, await createUser(testDb.db, client, { role: 'PARTICIPANT' }))).token;
    });
    afterAll(async () => {
      await app?.close();
      await testDb?.drop();
    });

    const both = async (target: string, headers: Record<string, string>): Promise<Answer[]> => {
      const socket = await rawRequest(port, target, headers);
      // app.inject takes no absolute form; over the socket it is tried all the same.
      if (/^http:/.test(target)) return [socket];
      const injected = await app.inject({ method: 'GET', url: target, headers });
      return [socket, { status: injected.statusCode, body: injected.body }];
    };

    it('answers /%61pi/client/current as /api/client/current for a known host, 404 client_not_found for an unknown', async () => {
      const plain = await rawRequest(port, '/api/client/current', { host: client.host });
      expect(plain.status).toBe(200);
      for (const answer of await both('/%61pi/client/current', { host: client.host })) expect(answer).toEqual(plain);
      for (const answer of await both('/%61pi/client/current', { host: 'unknown.example' })) {
        expect(answer.status).toBe(404);
        expect(JSON.parse(answer.body)).toMatchObject({ error: 'client_not_found' });
      }
    });

    it('answers every spelling of /api/client/current as the plain path does, or 404 when no route matches', async () => {
      const plain = await rawRequest(port, '/api/client/current', { host: client.host });
      const seen: string[] = [];
      for (const target of spellings('/api/client/current')) {
        for (const answer of await both(target, { host: client.host })) {
          const same = answer.status === plain.status && answer.body === plain.body;
          const unmatched =
            answer.status === 404 && (JSON.parse(answer.body) as { error?: string }).error === 'not_found';
          const badUrl = answer.status === 400;
          // `/api/client/current;x` (or `%20`) is `/api/client/:id` to the router, with the id `current;x`: the
          // route it matched guards it, and asks an anonymous caller to sign in. Decided on the matched route.
          const otherRouteGuard =
            answer.status === 401 && (JSON.parse(answer.body) as { error?: string }).error === 'unauthorized';
          const fine = same || unmatched || badUrl || otherRouteGuard;
          expect(`${target} -> ${fine ? 'fine' : `${answer.status} ${answer.body}`}`).toBe(`${target} -> fine`);
          if (same) seen.push(target);
        }
        for (const answer of await both(target, { host: 'unknown.example' })) {
          expect(`${target} unknown host -> ${answer.status}`).toMatch(/ -> (404|400)$/);
          if (answer.status === 404)
            expect((JSON.parse(answer.body) as { error?: string }).error, target).toMatch(
              /^(client_not_found|not_found)$/,
            );
        }
      }
      // The decoded, dotted and query spellings do reach the handler, and did so behind the guard.
      expect(seen).toEqual(expect.arrayContaining(['/%61pi/client/current', '/api/client/current?x']));
    });

    it('never runs a guarded /api handler without tenant and session, however the path is spelled', async () => {
      ran.length = 0;
      for (const target of spellings('/api/test/probe')) {
        for (const answer of await both(target, { host: client.host }))
          expect(`${target} no session -> ${answer.status}`).toMatch(/ -> (401|404|400)$/);
        for (const answer of await both(target, { host: 'unknown.example', authorization: `Bearer ${token}` }))
          expect(`${target} unknown host -> ${answer.status}`).toMatch(/ -> (404|400)$/);
      }
      expect(ran).toEqual([]);
      for (const target of spellings('/api/test/probe'))
        await both(target, { host: client.host, authorization: `Bearer ${token}` });
      expect(ran.length).toBeGreaterThan(2);
      for (const call of ran) expect(call).toMatchObject({ tenantId: client.id, actorId: expect.any(String) });
    });
  });
}
