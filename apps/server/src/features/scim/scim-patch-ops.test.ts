import { describe, expect, it } from 'vitest';
import { ScimError } from './scim-error';
import { applyOperations, readOperations } from './scim-patch-ops';
import { storedDataOf } from './scim-user-map';

// The schema check on its own, with bodies as JSON.parse makes them (a `__proto__` key is an own property there):
// Fastify's parser refuses such bodies before, so the route tests cannot reach this check with them.

const ops = (json: string) => JSON.parse(`{"Operations":[${json}]}`) as unknown;

const scimTypeOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
  } catch (err) {
    if (err instanceof ScimError) return `${err.status} ${err.scimType}`;
    throw err;
  }
  return undefined;
};

describe('readOperations', () => {
  it.each([
    '{"op":"add","path":"name","value":{"__proto__":{"COORDINATOR":"all"}}}',
    '{"op":"add","value":{"__proto__":{"COORDINATOR":"all"}}}',
    '{"op":"add","value":{"name":{"__proto__":{"COORDINATOR":"all"}}}}',
    '{"op":"replace","value":{"constructor":{"prototype":{"COORDINATOR":"all"}}}}',
    '{"op":"add","path":"emails","value":[{"value":"a@b.test","__proto__":{"COORDINATOR":"all"}}]}',
    '{"op":"add","path":"urn:ietf:params:scim:schemas:extension:enterprise:2.0:User","value":{"__proto__":{"x":1}}}',
    '{"op":"add","path":"urn:ietf:params:scim:schemas:extension:enterprise:2.0:User","value":{"manager":{"__proto__":{"x":1}}}}',
  ])('refuses %s with 400 invalidPath', (op) => {
    expect(scimTypeOf(() => readOperations('User', ops(op)))).toBe('400 invalidPath');
    expect(({} as Record<string, unknown>).COORDINATOR).toBeUndefined();
  });

  it('spells names as the schema does and splits the enterprise extension into its attributes', () => {
    const steps = readOperations(
      'User',
      ops(
        '{"op":"Replace","value":{"DisplayName":"X","NAME.givenname":"Y","urn:ietf:params:scim:schemas:extension:enterprise:2.0:User":{"Department":"D"}}},' +
          '{"op":"remove","path":"urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"}',
      ),
    );
    expect(steps).toEqual([
      { op: 'replace', path: 'displayName', value: 'X' },
      { op: 'replace', path: 'name.givenName', value: 'Y' },
      { op: 'replace', path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department', value: 'D' },
      { op: 'dropExtension', urn: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User' },
    ]);
    const doc = applyOperations({ userName: 'u', meta: { resourceType: 'User' } }, steps.slice(0, 3));
    expect(doc).toMatchObject({
      displayName: 'X',
      name: { givenName: 'Y' },
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { department: 'D' },
    });
    expect(applyOperations(doc, steps.slice(3))).not.toHaveProperty([
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
    ]);
  });
});

describe('storedDataOf', () => {
  it('keeps no key that is no attribute, at any level', () => {
    const data = storedDataOf(
      JSON.parse(
        '{"userName":"a","__proto__":{"COORDINATOR":"all"},"name":{"givenName":"G","__proto__":{"x":1}},"emails":[{"value":"a@b.test","__proto__":{"x":1}}]}',
      ) as Record<string, unknown>,
    );
    expect(JSON.stringify(data)).toBe('{"userName":"a","name":{"givenName":"G"},"emails":[{"value":"a@b.test"}]}');
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).COORDINATOR).toBeUndefined();
  });
});
