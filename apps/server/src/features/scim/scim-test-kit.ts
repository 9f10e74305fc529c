import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createClient, createUser, signIn, type TestClient } from '../../../test/factories';
import type { Db } from '../../db/database';

// Test helpers of the SCIM feature (not shipped: imported by *.test.ts only).

export interface Directory {
  client: TestClient;
  secret: string;
  tokenId: string;
  call: (
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) => Promise<LightMyRequestResponse>;
}

/** A client with a secret token made through the real API, and a caller speaking SCIM with it. */
export async function directoryOf(app: FastifyInstance, db: Db, client?: TestClient): Promise<Directory> {
  const c = client ?? (await createClient(db));
  const admin = await signIn(app, await createUser(db, c, { role: 'SUPERADMIN' }));
  const res = await admin.post('/api/client-token', { clientId: c.id, name: 'Directory' });
  expect(res.statusCode).toBe(200);
  const { secret, token } = res.json<{ secret: string; token: { id: string } }>();
  return {
    client: c,
    secret,
    tokenId: token.id,
    call: (method, path, body, headers = {}) =>
      app.inject({
        method: method as InjectOptions['method'],
        url: `/scim/v2${path}`,
        headers: {
          host: c.host,
          authorization: `Bearer ${secret}`,
          ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      }),
  };
}

export interface FixtureStep {
  name: string;
  request: { method: string; path: string; body?: unknown };
  response: { status: number; body?: unknown };
  capture?: Record<string, string>;
  absent?: string[];
  deviations?: Record<string, string>;
}

const fill = (value: unknown, vars: Map<string, string>): unknown => {
  if (typeof value === 'string') return value.replace(/\{\{(\w+)\}\}/g, (m, name: string) => vars.get(name) ?? m);
  if (Array.isArray(value)) return value.map((v) => fill(v, vars));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, vars)]));
  return value;
};

/** Where `actual` differs from the documented body (a subset match; `{{*}}` is any server-made value). */
export function differences(expected: unknown, actual: unknown, at = '$'): string[] {
  if (expected === '{{*}}') return typeof actual === 'string' && actual !== '' ? [] : [`${at}: missing`];
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length)
      return [`${at}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`];
    return expected.flatMap((e, i) => differences(e, actual[i], `${at}[${i}]`));
  }
  if (expected && typeof expected === 'object') {
    if (!actual || typeof actual !== 'object') return [`${at}: expected an object, got ${JSON.stringify(actual)}`];
    const a = actual as Record<string, unknown>;
    return Object.entries(expected).flatMap(([k, v]) => differences(v, a[k], `${at}.${k}`));
  }
  return expected === actual ? [] : [`${at}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`];
}

/** Sends one documented request and checks the documented status and body. */
export async function replayStep(dir: Directory, step: FixtureStep, vars: Map<string, string>) {
  const path = fill(step.request.path, vars) as string;
  const res = await dir.call(step.request.method, path, fill(step.request.body, vars));
  expect(res.statusCode, res.body).toBe(step.response.status);
  if (step.response.status === 204) expect(res.body).toBe('');
  else expect(res.headers['content-type']).toMatch(/^application\/scim\+json/);
  if (step.response.body !== undefined) {
    const expected = fill(step.response.body, vars) as Record<string, unknown>;
    for (const key of Object.keys(step.deviations ?? {})) delete expected[key];
    expect(differences(expected, res.json())).toEqual([]);
  }
  for (const key of step.absent ?? []) expect(res.json<Record<string, unknown>>()).not.toHaveProperty(key);
  for (const [name, field] of Object.entries(step.capture ?? {}))
    vars.set(name, res.json<Record<string, string>>()[field] ?? '');
  return res;
}
