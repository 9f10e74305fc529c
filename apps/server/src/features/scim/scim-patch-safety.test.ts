import { scopeOf } from '@lms/contracts/permissions';
import { expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/test-app';
import { directoryOf } from './scim-test-kit';

// Issue 28 point 2: scim-patch 0.8.3 follows `__proto__` and `constructor.prototype` (GHSA-9m6g-wc8r-q59c,
// GHSA-2mhw-wcx5-v3xj). `{"op":"add","path":"__proto__.COORDINATOR","value":"all"}` made the permission table answer
// `all` for every COORDINATOR of every client. Every path and every key of a value is now checked against the
// resource's schemas first (scim-schema.ts): each vector is 400 invalidPath, which scim-patch never sees (a frozen
// prototype alone would end in scim-patch's TypeError, answered as invalidValue).

const ENT = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

/** Operations as raw JSON text: a `__proto__` key in an object literal would set its prototype, not be sent. */
const USER_VECTORS: string[] = [
  '{"op":"add","path":"__proto__.COORDINATOR","value":"all"}',
  '{"op":"replace","path":"__proto__.COORDINATOR","value":"all"}',
  '{"op":"add","path":"__proto__","value":{"COORDINATOR":"all"}}',
  '{"op":"add","path":"constructor.prototype.COORDINATOR","value":"all"}',
  '{"op":"add","path":"prototype.COORDINATOR","value":"all"}',
  '{"op":"add","path":"name.__proto__","value":{"COORDINATOR":"all"}}',
  '{"op":"add","path":"name.constructor","value":{"prototype":{"COORDINATOR":"all"}}}',
  '{"op":"add","path":"emails[type eq \\"work\\"].__proto__","value":{"COORDINATOR":"all"}}',
  '{"op":"add","path":"emails[__proto__ eq \\"x\\"].value","value":"all"}',
  '{"op":"add","path":"emails[type eq \\"work\\"].constructor","value":{"prototype":{"COORDINATOR":"all"}}}',
  `{"op":"add","path":"${ENT}:__proto__","value":{"COORDINATOR":"all"}}`,
  `{"op":"add","path":"${ENT}:manager.__proto__","value":{"COORDINATOR":"all"}}`,
  `{"op":"add","path":"urn:ietf:params:scim:schemas:core:2.0:User:__proto__.COORDINATOR","value":"all"}`,
  '{"op":"add","path":"urn:evil:__proto__.COORDINATOR","value":"all"}',
  '{"op":"remove","path":"__proto__.toString"}',
  // Keys inside values.
  '{"op":"add","path":"name","value":{"__proto__":{"COORDINATOR":"all"}}}',
  '{"op":"add","path":"name","value":{"constructor":{"prototype":{"COORDINATOR":"all"}}}}',
  '{"op":"add","path":"emails","value":[{"value":"a@b.test","__proto__":{"COORDINATOR":"all"}}]}',
  '{"op":"add","path":"name.givenName","value":{"__proto__":{"COORDINATOR":"all"}}}',
  `{"op":"add","path":"${ENT}","value":{"__proto__":{"COORDINATOR":"all"}}}`,
  `{"op":"replace","path":"${ENT}","value":{"manager":{"__proto__":{"COORDINATOR":"all"}}}}`,
  // The path-less form: the value's keys are paths.
  '{"op":"add","value":{"__proto__.COORDINATOR":"all"}}',
  '{"op":"add","value":{"__proto__":{"COORDINATOR":"all"}}}',
  '{"op":"replace","value":{"constructor.prototype.COORDINATOR":"all"}}',
  '{"op":"replace","value":{"constructor":{"prototype":{"COORDINATOR":"all"}}}}',
  '{"op":"add","value":{"prototype":{"COORDINATOR":"all"}}}',
  '{"op":"add","value":{"name":{"__proto__":{"COORDINATOR":"all"}}}}',
  '{"op":"add","value":{"name.__proto__":{"COORDINATOR":"all"}}}',
  '{"op":"add","value":{"emails[type eq \\"work\\"].__proto__":{"COORDINATOR":"all"}}}',
  `{"op":"add","value":{"${ENT}":{"__proto__":{"COORDINATOR":"all"}}}}`,
  `{"op":"add","value":{"${ENT}:__proto__":{"COORDINATOR":"all"}}}`,
];

const GROUP_VECTORS: string[] = [
  '{"op":"add","path":"__proto__.COORDINATOR","value":"all"}',
  '{"op":"add","path":"members[value eq \\"x\\"].__proto__","value":{"COORDINATOR":"all"}}',
  '{"op":"add","path":"members","value":[{"value":"x","__proto__":{"COORDINATOR":"all"}}]}',
  '{"op":"replace","value":{"__proto__":{"COORDINATOR":"all"}}}',
  '{"op":"replace","value":{"displayName":"G","constructor.prototype.COORDINATOR":"all"}}',
  // An extension the Group has not.
  `{"op":"add","path":"${ENT}:department","value":"x"}`,
];

describeEachDialect('SCIM PATCH and prototype pollution', (ctx) => {
  it('answers 400 invalidPath to every __proto__, constructor and prototype vector, and nothing is polluted', async () => {
    const { app, deps } = ctx();
    const dir = await directoryOf(app, deps.db);
    const user = (
      await dir.call('POST', '/Users', {
        userName: 'grace@corp.test',
        name: { givenName: 'Grace', familyName: 'Hopper' },
        emails: [{ type: 'work', value: 'grace@corp.test' }],
        [ENT]: { department: 'Navy' },
      })
    ).json<{ id: string }>().id;
    const group = (await dir.call('POST', '/Groups', { displayName: 'Fleet', members: [{ value: user }] })).json<{
      id: string;
    }>().id;
    const before = {
      user: (await dir.call('GET', `/Users/${user}`)).json(),
      group: (await dir.call('GET', `/Groups/${group}`)).json(),
    };
    const scopeBefore = scopeOf('COORDINATOR', 'clients.administer');
    expect(scopeBefore).toBeUndefined();

    const answers: string[] = [];
    for (const [path, vectors] of [
      [`/Users/${user}`, USER_VECTORS],
      [`/Groups/${group}`, GROUP_VECTORS],
    ] as const) {
      for (const op of vectors) {
        const res = await app.inject({
          method: 'PATCH',
          url: `/scim/v2${path}`,
          headers: {
            host: dir.client.host,
            authorization: `Bearer ${dir.secret}`,
            'content-type': 'application/scim+json',
          },
          payload: `{"schemas":["${PATCH_OP}"],"Operations":[${op}]}`,
        });
        const body = res.json<{ scimType?: string }>();
        answers.push(`${res.statusCode} ${body.scimType} ${op}`);
      }
    }
    // Fastify's JSON parser (secure-json-parse) already refuses a body with a `__proto__` key or a `constructor`
    // key holding `prototype` (400 invalidSyntax); every other vector reaches the schema check.
    const parserRefuses = (op: string) => /"__proto__":|"constructor":\{"prototype"/.test(op);
    const expected = [...USER_VECTORS, ...GROUP_VECTORS].map(
      (op) => `400 ${parserRefuses(op) ? 'invalidSyntax' : 'invalidPath'} ${op}`,
    );
    expect(answers).toEqual(expected);
    expect(answers.filter((a) => a.startsWith('400 invalidPath')).length).toBeGreaterThan(20);
    expect(({} as Record<string, unknown>).COORDINATOR).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('COORDINATOR');
    expect(scopeOf('COORDINATOR', 'clients.administer')).toBeUndefined();
    expect(scopeOf('COORDINATOR', 'coordination.manage')).toBe('groups');
    expect((await dir.call('GET', `/Users/${user}`)).json()).toEqual(before.user);
    expect((await dir.call('GET', `/Groups/${group}`)).json()).toEqual(before.group);
  });

  it('checks every operation before applying any: one bad operation among good ones changes nothing', async () => {
    const { app, deps } = ctx();
    const dir = await directoryOf(app, deps.db);
    const user = (await dir.call('POST', '/Users', { userName: 'ada@corp.test' })).json<{ id: string }>().id;
    const res = await dir.call('PATCH', `/Users/${user}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'replace', path: 'displayName', value: 'Changed' },
        { op: 'add', path: 'title', value: 'Engineer' },
        { op: 'add', path: 'nosuchattribute', value: 'x' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ scimType: 'invalidPath' });
    expect((await dir.call('GET', `/Users/${user}`)).json()).not.toHaveProperty('displayName');
  });

  it('leaves out of POST and PUT bodies what is no attribute of the schemas, and never follows it', async () => {
    const { app, deps } = ctx();
    const dir = await directoryOf(app, deps.db);
    const res = await dir.call('POST', '/Users', {
      userName: 'linus@corp.test',
      constructor: { COORDINATOR: 'all' },
      prototype: { COORDINATOR: 'all' },
      'urn:example:custom:2.0:User': { x: 1 },
      name: { givenName: 'Linus', constructor: 'x' },
      title: 'Dev',
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<Record<string, unknown>>();
    expect(Object.keys(body).sort()).toEqual([
      'active',
      'groups',
      'id',
      'meta',
      'name',
      'schemas',
      'title',
      'userName',
    ]);
    expect(body.name).toEqual({ givenName: 'Linus' });
    const stored = await deps.db
      .selectFrom('scim_resources')
      .select('data')
      .where('id', '=', body.id as string)
      .executeTakeFirstOrThrow();
    expect(stored.data).not.toMatch(/prototype|constructor|custom/);
  });
});
