import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import { directoryOf } from '../src/features/scim/scim-test-kit';
import { createUser, signIn } from './factories';
import { concrete, withParams } from './route-walk';
import { describeEachDialect } from './test-app';

// The SCIM routes (/scim/v2, features/scim) are no /api routes: platform/access.ts does not list them in
// app.apiRoutes, since their guard is their own (a directory's secret token, never a session) and every answer,
// errors included, is SCIM's shape rather than {error, message}. So access.test.ts, malformed-input.test.ts and
// tenant-isolation.test.ts cannot hold them as they are; this file walks every registered SCIM route (app.scimRoutes)
// the same three ways: no or wrong credentials, another client's rows, and malformed input.

const SCIM_ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const NEST = 10_000;

const json = (payload: string | Buffer, type = 'application/scim+json') => ({
  headers: { 'content-type': type },
  payload,
});
const BODIES: Array<[string, { headers: Record<string, string>; payload: string | Buffer }]> = [
  ['null', json('null')],
  ['array', json('[1,2,3]')],
  ['string', json('"x"')],
  ['number', json('1e400')],
  ['{}', json('{}')],
  ['cut short', json('{"a":')],
  ['empty', json('')],
  ['deep array', json('['.repeat(NEST) + ']'.repeat(NEST))],
  ['deep object', json('{"a":'.repeat(NEST) + '1' + '}'.repeat(NEST))],
  ['1 MB userName', json(JSON.stringify({ userName: 'x'.repeat(1024 * 1024) }))],
  ['bad utf-8', json(Buffer.from([0xff, 0xfe, 0x80, 0xc3, 0x28]))],
  ['NUL', json('{"userName":"a\\u0000b","displayName":"a\\u0000b"}')],
  ['wrong types', json('{"userName":1,"emails":"x","active":"maybe","members":{"value":1},"displayName":[]}')],
  ['ops junk', json('{"Operations":[{"op":"replace","path":"emails[type eq","value":{}}]}')],
  ['ops wrong', json('{"Operations":[{"op":"add","path":"members","value":[{"value":{"x":1}}]}]}')],
  ['ops proto', json('{"Operations":[{"op":"add","path":"__proto__.polluted","value":"yes"}]}')],
  ['ops ctor', json('{"Operations":[{"op":"add","value":{"constructor.prototype.polluted":"yes"}}]}')],
  ['ops many', json(JSON.stringify({ Operations: Array.from({ length: 2000 }, () => ({ op: 'remove', path: 'x' })) }))],
  ['text/plain', json('{}', 'text/plain')],
  ['form', json('a=1', 'application/x-www-form-urlencoded')],
];
const QUERIES = [
  'filter=userName%20eq',
  'filter=%22%22%22',
  'filter=a[b[c[d',
  `filter=${'('.repeat(5000)}`,
  'startIndex=-5&count=-1',
  'startIndex=abc',
  'count=99999999999999',
  'filter=x&filter=y',
  'excludedAttributes[]=x',
];
const PARAMS = ['%00', 'x'.repeat(5000), '..%2F..', '%E0%A4%A', "'; drop table users; --"];

describeEachDialect('the SCIM route walk', (ctx) => {
  it('lists the SCIM endpoints of RFC 7644 and answers 401 without a token and with a session', async () => {
    const { app, deps } = ctx();
    const dir = await directoryOf(app, deps.db);
    const session = await signIn(app, await createUser(deps.db, dir.client, { role: 'SUPERADMIN' }));
    expect(app.scimRoutes.map((r) => `${r.method} ${r.url}`).sort()).toMatchInlineSnapshot(`
      [
        "DELETE /scim/v2/Groups/:id",
        "DELETE /scim/v2/Users/:id",
        "GET /scim/v2/Groups",
        "GET /scim/v2/Groups/:id",
        "GET /scim/v2/ResourceTypes",
        "GET /scim/v2/ResourceTypes/:id",
        "GET /scim/v2/Schemas",
        "GET /scim/v2/Schemas/:id",
        "GET /scim/v2/ServiceProviderConfig",
        "GET /scim/v2/Users",
        "GET /scim/v2/Users/:id",
        "PATCH /scim/v2/Groups/:id",
        "PATCH /scim/v2/Users/:id",
        "POST /scim/v2/.search",
        "POST /scim/v2/Groups",
        "POST /scim/v2/Groups/.search",
        "POST /scim/v2/Users",
        "POST /scim/v2/Users/.search",
        "PUT /scim/v2/Groups/:id",
        "PUT /scim/v2/Users/:id",
      ]
    `);
    // None of them is on the /api list: the walks there would judge them by the app's error shape.
    expect(app.apiRoutes.filter((r) => r.url.startsWith('/scim'))).toEqual([]);
    for (const route of app.scimRoutes) {
      for (const [label, headers] of [
        ['no token', {}],
        ['session token', { authorization: `Bearer ${session.token}` }],
        ['basic', { authorization: `Basic ${Buffer.from(`x:${dir.secret}`).toString('base64')}` }],
      ] as const) {
        const res = await app.inject({
          method: route.method as InjectOptions['method'],
          url: concrete(route.url),
          headers: { host: dir.client.host, ...headers },
        });
        expect(`${route.method} ${route.url} ${label} -> ${res.statusCode}`).toBe(
          `${route.method} ${route.url} ${label} -> 401`,
        );
        expect(res.json()).toMatchObject({ schemas: [SCIM_ERROR], status: '401' });
      }
    }
  });

  it("answers 404 with no byte of it to another client's token for every route with an id, and changes nothing", async () => {
    const { app, deps } = ctx();
    const a = await directoryOf(app, deps.db);
    const b = await directoryOf(app, deps.db);
    const userId = (await a.call('POST', '/Users', { userName: 'secret-name@a.test' })).json<{ id: string }>().id;
    const groupId = (
      await a.call('POST', '/Groups', { displayName: 'Secret group', members: [{ value: userId }] })
    ).json<{ id: string }>().id;
    const before = await a.call('GET', `/Groups/${groupId}`);
    for (const route of app.scimRoutes.filter((r) => r.url.endsWith('/:id'))) {
      const id = route.url.includes('/Groups/') ? groupId : userId;
      // A valid operation for the resource (PATCH paths and keys are checked against its schema before the lookup).
      const value = route.url.includes('/Groups/') ? { displayName: 'Taken over' } : { active: false };
      const body = route.method === 'PATCH' ? { Operations: [{ op: 'replace', value }] } : {};
      const res = await b.call(route.method, withParams(route.url, undefined, undefined, () => id).slice(8), body);
      expect(`${route.method} ${route.url} -> ${res.statusCode}`).toBe(`${route.method} ${route.url} -> 404`);
      expect(res.body).not.toMatch(/secret/i);
    }
    expect((await a.call('GET', `/Groups/${groupId}`)).json()).toEqual(before.json());
    expect((await a.call('GET', `/Users/${userId}`)).json()).toMatchObject({ active: true });
  });

  it('answers every malformed request with a SCIM 4xx, never a 5xx', async () => {
    const { app, deps } = ctx();
    const dir = await directoryOf(app, deps.db);
    const userId = (await dir.call('POST', '/Users', { userName: 'walk@a.test' })).json<{ id: string }>().id;
    const groupId = (await dir.call('POST', '/Groups', { displayName: 'Walk' })).json<{ id: string }>().id;
    const failures: string[] = [];
    let sent = 0;
    for (const route of app.scimRoutes) {
      const id = route.url.includes('/Groups/') ? groupId : userId;
      const url = withParams(route.url, undefined, undefined, () => id);
      const forms: InjectOptions[] = [
        ...BODIES.map(([, b]) => ({ url, ...b })),
        ...QUERIES.map((q) => ({ url: `${url}?${q}` })),
        ...(route.url.endsWith('/:id') ? PARAMS.map((p) => ({ url: route.url.replace(':id', p) })) : []),
      ];
      for (const form of forms) {
        const res = await app.inject({
          ...form,
          method: route.method as InjectOptions['method'],
          headers: { host: dir.client.host, authorization: `Bearer ${dir.secret}`, ...(form.headers ?? {}) },
        });
        sent++;
        // The router refuses a path it cannot decode, or a parameter over its length limit, before any route (and
        // so any scope's error handler) is chosen: those 4xx are Fastify's own, the same for every prefix.
        const routerRefusal = /FST_ERR_(BAD_URL|MAX_PARAM_LENGTH)/.test(res.body);
        const scimShaped = res.statusCode < 400 || res.json<{ schemas?: string[] }>().schemas?.[0] === SCIM_ERROR;
        // POST /.search is not offered (RFC 7644 section 3.4.3): its one answer is 501, in SCIM's shape.
        const notOffered = route.url.endsWith('/.search') && res.statusCode === 501;
        const ok = (res.statusCode < 500 || notOffered) && (scimShaped || routerRefusal);
        if (!ok)
          failures.push(
            `${route.method} ${(typeof form.url === 'string' ? form.url : '').slice(0, 80)} -> ${res.statusCode} ${res.body.slice(0, 100)}`,
          );
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 120_000);
});
