import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import { buildContentApp } from '../src/content-app';
import { directoryOf } from '../src/features/scim/scim-test-kit';
import { allowHeader } from '../src/platform/method-not-allowed';
import { createClient } from './factories';
import { withParams } from './route-walk';
import { describeEachDialect } from './test-app';

// The 405 walk (RFC 9110 section 15.5.6): every known path of /api, /scim/v2 and the content origin, asked with each
// method it does not declare, answers 405 with an Allow header naming exactly the declared ones (HEAD with GET), in
// the scope's error body, and never a 5xx. An unknown path stays 404, and so does a known /api path on an unknown
// host (the guard's client_not_found comes first, as for every /api route).

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** Declared methods per URL pattern, HEAD added where GET is. */
function methodsByUrl(routes: Array<{ method: string; url: string }>): Map<string, Set<string>> {
  const byUrl = new Map<string, Set<string>>();
  for (const { method, url } of routes) {
    const set = byUrl.get(url) ?? new Set<string>();
    set.add(method);
    if (method === 'GET') set.add('HEAD');
    byUrl.set(url, set);
  }
  return byUrl;
}

/** A request with a body that would be refused if it were read: a 405 reads none. */
const asked = (method: string, url: string, host: string): InjectOptions => ({
  method: method,
  url,
  headers: { host, ...(method === 'GET' || method === 'HEAD' ? {} : { 'content-type': 'application/xml' }) },
  ...(method === 'GET' || method === 'HEAD' ? {} : { payload: '<not-json/>' }),
});

describeEachDialect('405 for an undeclared method on a known path', (ctx) => {
  it('answers 405 method_not_allowed with Allow on every /api path, for each method it does not declare', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const seen: string[] = [];
    for (const [url, declared] of methodsByUrl(app.apiRoutes)) {
      const path = withParams(url).replace(/\*$/, 'x');
      for (const method of METHODS.filter((m) => !declared.has(m))) {
        const res = await app.inject(asked(method, path, client.host));
        seen.push(`${method} ${url} ${res.statusCode} ${res.headers.allow}`);
        expect(res.statusCode, `${method} ${url}`).toBe(405);
        expect(res.headers.allow, `${method} ${url}`).toBe(allowHeader(declared));
        if (method !== 'HEAD') expect(res.json(), `${method} ${url}`).toMatchObject({ error: 'method_not_allowed' });
      }
    }
    expect(seen.length).toBeGreaterThan(300);
  });

  it('answers 404 client_not_found for a known /api path on an unknown host, and 404 for an unknown path', async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const foreign = await app.inject(asked('PUT', '/api/users', 'nobody.example'));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: 'client_not_found' });
    expect(foreign.headers.allow).toBeUndefined();
    const unknown = await app.inject(asked('PUT', '/api/no-such-path', client.host));
    expect(unknown.statusCode).toBe(404);
    // The health check and the docs answer on any host.
    const health = await app.inject(asked('POST', '/api/health', 'nobody.example'));
    expect(health.statusCode).toBe(405);
    expect(health.headers.allow).toBe('GET, HEAD');
  });

  it('answers a SCIM 405 with Allow on every /scim/v2 path, with or without a token', async () => {
    const { app, deps } = ctx();
    const dir = await directoryOf(app, deps.db);
    for (const [url, declared] of methodsByUrl(app.scimRoutes)) {
      for (const method of METHODS.filter((m) => !declared.has(m))) {
        for (const auth of [{}, { authorization: `Bearer ${dir.secret}` }]) {
          const opts = asked(method, withParams(url), dir.client.host);
          const res = await app.inject({ ...opts, headers: { ...opts.headers, ...auth } });
          expect(res.statusCode, `${method} ${url}`).toBe(405);
          expect(res.headers.allow, `${method} ${url}`).toBe(allowHeader(declared));
          if (method !== 'HEAD')
            expect(res.json(), `${method} ${url}`).toMatchObject({
              schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
              status: '405',
            });
        }
      }
    }
  });

  it('answers 405 with Allow on the content origin', async () => {
    const { deps } = ctx();
    const content = await buildContentApp(deps);
    try {
      const host = new URL(deps.config.contentOrigin).host;
      const cases: Array<[string, string, string]> = [
        ['POST', '/runtime/tok/state', 'GET, HEAD'],
        ['DELETE', '/runtime/tok/data', 'GET, HEAD'],
        ['GET', '/runtime/tok/commit', 'POST'],
        ['PUT', '/player/tok/', 'GET, HEAD'],
        ['POST', '/content/tok/index.html', 'GET, HEAD'],
      ];
      for (const [method, url, allow] of cases) {
        const res = await content.inject(asked(method, url, host));
        expect(res.statusCode, `${method} ${url}`).toBe(405);
        expect(res.headers.allow, `${method} ${url}`).toBe(allow);
        if (method !== 'HEAD') expect(res.json()).toMatchObject({ error: 'method_not_allowed' });
      }
      // The content origin answers only its own host.
      expect((await content.inject(asked('POST', '/runtime/tok/state', 'elsewhere.example'))).statusCode).toBe(421);
    } finally {
      await content.close();
    }
  });
});
