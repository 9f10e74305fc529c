import { expect, it } from 'vitest';
import { createClient } from '../../test/factories';
import { caller, describeEachDialect } from '../../test/test-app';

// Issue 28 point 7c: /api/docs answered on every host, without CSP or frame-ancestors.

describeEachDialect('API docs (/api/docs)', (ctx) => {
  it("answer on a client's host only, without sign-in, under a strict policy nobody may frame", async () => {
    const { app, deps } = ctx();
    const client = await createClient(deps.db);
    const web = caller(app, client.host);
    const page = await web.get('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const scripts = [...page.body.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(scripts.length).toBeGreaterThan(0);
    // No inline script: the policy's script-src 'self' lets Swagger UI run from its files alone.
    expect(page.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    const initializer = await web.get('/api/docs/static/swagger-initializer.js');
    expect(initializer.statusCode).toBe(200);
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/swagger-initializer.js']) {
      const res = await web.get(url);
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("default-src 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
    expect((await web.get('/api/docs/json')).json()).toMatchObject({
      openapi: expect.stringMatching(/^3\./) as unknown,
    });
    // A stale token does not keep anyone from the docs.
    const stale = await app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { host: client.host, authorization: 'Bearer not-a-session' },
    });
    expect(stale.statusCode).toBe(200);
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html', '/%61pi/docs/json']) {
      const res = await caller(app, 'unknown.test').get(url);
      expect(`${url} ${res.statusCode}`).toBe(`${url} 404`);
      expect(res.json()).toMatchObject({ error: 'client_not_found' });
    }
  });
});
