import { expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/test-app';
import { directoryOf, type Directory } from './scim-test-kit';

// Issue 28 point 10: what integrators' directories send and the server answered wrongly. The enterprise extension
// as a whole object (RFC 7644 section 3.5.2: by path, and as a key of a path-less value), a DELETE with a JSON
// Content-Type and no body, POST /.search (RFC 7644 section 3.4.3, not offered: 501), and the
// `members[value eq "..."]` filter Entra ID and Okta use to check and remove a membership.

const ENT = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const SCIM_ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

const patch = (dir: Directory, path: string, Operations: unknown[]) =>
  dir.call('PATCH', path, { schemas: [PATCH_OP], Operations });

async function newUser(dir: Directory, userName: string, more: Record<string, unknown> = {}): Promise<string> {
  const res = await dir.call('POST', '/Users', {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
    userName,
    ...more,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

describeEachDialect('SCIM interoperability (issue 28 point 10)', (ctx) => {
  it('takes the enterprise extension as a whole object by path, as a path-less key, and removes it by path', async () => {
    const { app, deps } = ctx();
    const dir = await directoryOf(app, deps.db);
    const id = await newUser(dir, 'grace@corp.test');
    const read = async () => (await dir.call('GET', `/Users/${id}`)).json<Record<string, unknown>>();
    const personnelNumber = async () =>
      (await deps.db.selectFrom('users').select('personell_number').where('id', '=', id).executeTakeFirstOrThrow())
        .personell_number;

    let res = await patch(dir, `/Users/${id}`, [
      { op: 'add', path: ENT, value: { employeeNumber: '701984', department: 'Tour Operations' } },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ [ENT]: { employeeNumber: '701984', department: 'Tour Operations' } });
    expect(res.json<{ schemas: string[] }>().schemas).toContain(ENT);
    expect(Object.keys(await read()).filter((k) => k.startsWith('urn:'))).toEqual([ENT]);
    expect(await personnelNumber()).toBe('701984');

    // replace of a complex target: the given sub-attributes replace, the others stay (RFC 7644 section 3.5.2.3).
    res = await patch(dir, `/Users/${id}`, [{ op: 'replace', path: ENT, value: { department: 'Research' } }]);
    expect(res.json()).toMatchObject({ [ENT]: { employeeNumber: '701984', department: 'Research' } });

    res = await patch(dir, `/Users/${id}`, [
      { op: 'replace', value: { [ENT]: { employeeNumber: '42', manager: { value: 'boss-1' } }, displayName: 'Grace' } },
    ]);
    expect(res.json()).toMatchObject({
      displayName: 'Grace',
      [ENT]: { employeeNumber: '42', department: 'Research', manager: { value: 'boss-1' } },
    });
    expect(await personnelNumber()).toBe('42');

    // Sub-attribute paths, by path and as path-less keys.
    res = await patch(dir, `/Users/${id}`, [
      { op: 'replace', path: `${ENT}:department`, value: 'Navy' },
      { op: 'add', value: { [`${ENT}:costCenter`]: 'CC-7' } },
      { op: 'replace', path: `${ENT}:manager.value`, value: 'boss-2' },
    ]);
    expect(res.json()).toMatchObject({
      [ENT]: { employeeNumber: '42', department: 'Navy', costCenter: 'CC-7', manager: { value: 'boss-2' } },
    });
    res = await patch(dir, `/Users/${id}`, [{ op: 'remove', path: `${ENT}:costCenter` }]);
    expect(res.json<Record<string, Record<string, unknown>>>()[ENT]).not.toHaveProperty('costCenter');

    res = await patch(dir, `/Users/${id}`, [{ op: 'remove', path: ENT }]);
    expect(res.statusCode).toBe(200);
    const after = await read();
    expect(Object.keys(after).filter((k) => k.startsWith('urn:'))).toEqual([]);
    expect(after.schemas).toEqual(['urn:ietf:params:scim:schemas:core:2.0:User']);
    expect(await personnelNumber()).toBeNull();
    const stored = await deps.db
      .selectFrom('scim_resources')
      .select('data')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.data).not.toContain('urn:');

    // The extension's attributes only: an unknown one, or a Group path, is 400 invalidPath.
    for (const op of [
      { op: 'add', path: ENT, value: { shoeSize: 44 } },
      { op: 'add', path: `${ENT}:shoeSize`, value: 44 },
      { op: 'add', path: `${ENT}x:department`, value: 'x' },
      { op: 'add', value: { [ENT]: { department: 'x', shoeSize: 44 } } },
    ]) {
      const bad = await patch(dir, `/Users/${id}`, [op]);
      expect(`${bad.statusCode} ${bad.json<{ scimType: string }>().scimType}`).toBe('400 invalidPath');
    }
  });

  it('answers 204 to a DELETE with a JSON or SCIM Content-Type and no body', async () => {
    const { app, deps } = ctx();
    const dir = await directoryOf(app, deps.db);
    for (const type of ['application/scim+json', 'application/json', 'application/scim+json; charset=utf-8']) {
      const user = await newUser(dir, `gone-${type.length}@corp.test`);
      const group = (await dir.call('POST', '/Groups', { displayName: `Gone ${type}` })).json<{ id: string }>().id;
      for (const path of [`/Users/${user}`, `/Groups/${group}`]) {
        const res = await dir.call('DELETE', path, undefined, { 'content-type': type });
        expect(`${type} ${path.split('/')[1]} ${res.statusCode}`).toBe(`${type} ${path.split('/')[1]} 204`);
        expect(res.body).toBe('');
        expect((await dir.call('GET', path)).statusCode).toBe(404);
      }
    }
    // A body that is there but broken is still refused.
    const user = await newUser(dir, 'kept@corp.test');
    const broken = await app.inject({
      method: 'DELETE',
      url: `/scim/v2/Users/${user}`,
      headers: {
        host: dir.client.host,
        authorization: `Bearer ${dir.secret}`,
        'content-type': 'application/scim+json',
      },
      payload: '{"x":',
    });
    expect(broken.statusCode).toBe(400);
    expect((await dir.call('GET', `/Users/${user}`)).statusCode).toBe(200);
  });

  it('answers 501 in SCIM form to POST /.search, /Users/.search and /Groups/.search', async () => {
    const { app, deps } = ctx();
    const dir = await directoryOf(app, deps.db);
    for (const path of ['/.search', '/Users/.search', '/Groups/.search']) {
      const res = await dir.call('POST', path, {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:SearchRequest'],
        filter: 'userName eq "x"',
      });
      expect(`${path} ${res.statusCode}`).toBe(`${path} 501`);
      expect(res.headers['content-type']).toMatch(/^application\/scim\+json/);
      expect(res.json()).toMatchObject({ schemas: [SCIM_ERROR], status: '501' });
    }
  });

  it('filters groups by members[value eq "..."] and removes a member by that path', async () => {
    const { app, deps } = ctx();
    const dir = await directoryOf(app, deps.db);
    const other = await directoryOf(app, deps.db);
    const a = await newUser(dir, 'a@corp.test');
    const b = await newUser(dir, 'b@corp.test');
    const g1 = (await dir.call('POST', '/Groups', { displayName: 'One', members: [{ value: a }, { value: b }] })).json<{
      id: string;
    }>().id;
    const g2 = (await dir.call('POST', '/Groups', { displayName: 'Two', members: [{ value: b }] })).json<{
      id: string;
    }>().id;
    const list = async (d: Directory, filter: string) =>
      (await d.call('GET', `/Groups?excludedAttributes=members&filter=${encodeURIComponent(filter)}`)).json<{
        totalResults: number;
        Resources: Array<{ id: string }>;
      }>();
    expect((await list(dir, `members[value eq "${a}"]`)).Resources.map((r) => r.id)).toEqual([g1]);
    expect((await list(dir, `members[value eq "${b}"]`)).Resources.map((r) => r.id)).toEqual([g1, g2]);
    // Entra ID's membership check: this group, this member.
    expect((await list(dir, `id eq "${g2}" and members[value eq "${b}"]`)).totalResults).toBe(1);
    expect((await list(dir, `id eq "${g2}" and members[value eq "${a}"]`)).totalResults).toBe(0);
    expect((await list(dir, 'members[value eq "nobody"]')).totalResults).toBe(0);
    // Another client's directory never sees these groups through the filter.
    expect((await list(other, `members[value eq "${a}"]`)).totalResults).toBe(0);
    for (const bad of [
      `members[display eq "x"]`,
      `members[value co "x"]`,
      `members[value eq "${a}" or value eq "x"]`,
    ]) {
      const res = await dir.call('GET', `/Groups?filter=${encodeURIComponent(bad)}`);
      expect(`${bad} ${res.statusCode} ${res.json<{ scimType: string }>().scimType}`).toBe(`${bad} 400 invalidFilter`);
    }
    expect((await dir.call('GET', `/Users?filter=${encodeURIComponent(`members[value eq "${a}"]`)}`)).statusCode).toBe(
      400,
    );

    const res = await patch(dir, `/Groups/${g1}`, [{ op: 'remove', path: `members[value eq "${a}"]` }]);
    expect(res.statusCode, res.body).toBe(204);
    expect((await list(dir, `members[value eq "${a}"]`)).totalResults).toBe(0);
    expect((await list(dir, `members[value eq "${b}"]`)).totalResults).toBe(2);
  });
});
