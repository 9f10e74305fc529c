import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PAGE_SIZES } from '@lms/contracts/constants';
import { ERROR_CODES } from '@lms/contracts/errors';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createClient } from './factories';
import { testConfig } from './test-app';
import { createTestDb } from './test-db';

// The OpenAPI document at /api/docs/json, as a client generator reads it. It does not depend on the database, so
// one SQLite app builds it. Redocly's linter runs on it here, inside npm test, with the repository's redocly.yaml
// (the recommended rules; the two turned off say why there).

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const redocly = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')),
  'bin',
  'cli.js',
);

interface Operation {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  parameters?: Array<{ name: string; in: string; schema?: { enum?: unknown[] } }>;
  requestBody?: { content?: Record<string, unknown> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: { $ref?: string } }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
}

async function documentOfApp(): Promise<Document> {
  const testDb = await createTestDb('sqlite');
  try {
    const app = await buildApp({ config: testConfig(testDb.dataDir), db: testDb.db, dialect: 'sqlite' });
    await app.ready();
    // The docs answer on a client's host, as the API does.
    const { host } = await createClient(testDb.db);
    const res = await app.inject({ method: 'GET', url: '/api/docs/json', headers: { host } });
    await app.close();
    expect(res.statusCode).toBe(200);
    return res.json<Document>();
  } finally {
    await testDb.drop();
  }
}

const operations = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([p, item]) => Object.entries(item).map(([m, op]) => ({ key: `${m} ${p}`, op })));

describe('the OpenAPI document', () => {
  let doc: Document;
  beforeAll(async () => {
    doc = await documentOfApp();
  });

  it('passes redocly lint under the recommended rules with no error and no warning', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(doc));
      const run = await promisify(execFile)(
        process.execPath,
        [redocly, 'lint', file, '--config', path.join(root, 'redocly.yaml'), '--format', 'json'],
        {
          cwd: root,
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
          maxBuffer: 64 * 1024 * 1024,
        },
      ).catch((err: { stdout?: string; stderr?: string }) => ({ stdout: err.stdout ?? '', stderr: err.stderr ?? '' }));
      const report = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as {
        totals: { errors: number; warnings: number };
        problems: Array<{ ruleId: string; message: string; location?: Array<{ pointer?: string }> }>;
      };
      const problems = report.problems.map((p) => `${p.ruleId}: ${p.message} (${p.location?.[0]?.pointer ?? ''})`);
      expect(problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names a security requirement, a 4xx and a 5xx with their error body for every operation', () => {
    for (const { key, op } of operations(doc)) {
      expect(op.security, key).toBeDefined();
      for (const [status, answer] of Object.entries(op.responses)) {
        if (Number(status) < 399) continue; // 399: a SCIM user's expired access token, an error
        const ref = Object.values(answer.content ?? {})[0]?.schema?.$ref;
        expect(ref, `${key} ${status}`).toMatch(/^#\/components\/schemas\/(ApiError|ScimError)$/);
      }
      expect(
        Object.keys(op.responses).some((s) => s.startsWith('4')),
        key,
      ).toBe(true);
      expect(op.responses['500'], key).toBeDefined();
      expect(op.responses['503'], key).toBeDefined();
    }
  });

  it('names only codes of the error catalogue', () => {
    const known = new Set<string>(ERROR_CODES);
    for (const { key, op } of operations(doc)) {
      for (const [status, answer] of Object.entries(op.responses)) {
        if (Object.values(answer.content ?? {})[0]?.schema?.$ref !== '#/components/schemas/ApiError') continue;
        const codes = [...answer.description.matchAll(/`([a-z_]+)`/g)].map((m) => m[1] ?? '');
        expect(codes.length, `${key} ${status}`).toBeGreaterThan(0);
        for (const code of codes) expect(known.has(code), `${key} ${status} ${code}`).toBe(true);
      }
    }
  });

  it('documents the session for signed-in routes, none for public ones, and the client token for SCIM', () => {
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['clientToken', 'session']);
    expect(doc.paths['/api/users']?.get?.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/user/login']?.post?.security).toEqual([]);
    expect(doc.paths['/api/directory/ping']?.get?.security).toEqual([{ clientToken: [] }]);
    expect(doc.paths['/scim/v2/Users']?.get?.security).toEqual([{ clientToken: [] }]);
    expect(Object.keys(doc.paths['/api/users']?.get?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '399', '400', '401', '403', '404', '500', '503']),
    );
  });

  it('lists the page sizes the lists accept as an enum', () => {
    const pageSizes = operations(doc).flatMap(({ key, op }) =>
      (op.parameters ?? []).filter((p) => p.name === 'pageSize').map((p) => ({ key, p })),
    );
    expect(pageSizes.length).toBeGreaterThan(5);
    for (const { key, p } of pageSizes) expect(p.schema?.enum, key).toEqual([...PAGE_SIZES]);
  });

  it("documents SCIM's own statuses and bodies: 201 on create, 204 on delete and a group's patch", () => {
    const scim = (p: string, m: string) => doc.paths[`/scim/v2${p}`]?.[m];
    for (const kind of ['Users', 'Groups']) {
      expect(Object.keys(scim(`/${kind}`, 'post')?.responses ?? {})).toContain('201');
      expect(scim(`/${kind}`, 'post')?.responses['200']).toBeUndefined();
      expect(scim(`/${kind}/{id}`, 'delete')?.responses['204']?.content).toBeUndefined();
      expect(scim(`/${kind}/{id}`, 'delete')?.responses['200']).toBeUndefined();
      for (const m of ['post', 'put', 'patch'])
        expect(
          scim(m === 'post' ? `/${kind}` : `/${kind}/{id}`, m)?.requestBody?.content,
          `${m} ${kind}`,
        ).toHaveProperty(['application/scim+json']);
    }
    expect(scim('/Groups/{id}', 'patch')?.responses['204']).toBeDefined();
    expect(scim('/Users/{id}', 'patch')?.responses['200']?.content).toHaveProperty(['application/scim+json']);
  });

  it('documents a body for every operation that reads one, and an answer with content or none for each success', () => {
    const bodiless = new Set([
      // These take no body: they act on the path (and the session) alone.
      'post /api/user/logout',
      'post /api/user/entra-nonce',
      'post /api/mail-queue/{id}/retry',
      'post /api/mail-queue/{id}/cancel',
      'post /api/client-smtp/{clientId}/test',
      'post /api/course-training/{id}/module/{moduleId}/launch',
      'post /api/course-training/{id}/certificates/regenerate',
      'post /api/course-certificate/{id}/reissue',
      'post /api/premium/courses/{id}/start',
      'post /api/premium/admin/purchases/{id}/paid',
      'post /api/messages/{id}/read',
      'post /api/gdpr/exports',
      'post /api/users/{id}/gdpr-exports',
      'post /api/client/{id}/audit/verify',
    ]);
    // SCIM's search by POST is not offered (501, RFC 7644 section 3.4.3): it has no success and reads no body.
    const notOffered = (key: string) => key.endsWith('/.search');
    for (const { key, op } of operations(doc)) {
      if (notOffered(key)) {
        expect(Object.keys(op.responses), key).toContain('501');
        expect(
          Object.keys(op.responses).filter((s) => s.startsWith('2')),
          key,
        ).toEqual([]);
        continue;
      }
      const [method] = key.split(' ');
      if (['post', 'put', 'patch'].includes(method ?? '') && !bodiless.has(key))
        expect(op.requestBody?.content, key).toBeDefined();
      const successes = Object.entries(op.responses).filter(([s]) => s.startsWith('2'));
      expect(successes.length, key).toBeGreaterThan(0);
      for (const [status, answer] of successes)
        if (status !== '204') expect(answer.content, `${key} ${status}`).toBeDefined();
    }
  });
});
