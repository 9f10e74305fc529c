import { scopeOf, type TCapability } from '@lms/contracts/permissions';
import { isHigherRank, rankOf, type TRole } from '@lms/contracts/roles';
import { describe, expect, it } from 'vitest';
import { parseGender } from '../src/features/user-import/import-fields';
import { freezeIntrinsics, intrinsicsFrozen } from '../src/platform/freeze-intrinsics';

// Issue 28 point 2: a table looked up with a key from input answers from its own properties only. Names every
// object inherits ("constructor", "toString", "__proto__") find nothing, so a polluted Object.prototype would not be
// read either.

const INHERITED = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'];

describe('lookups of keys from input', () => {
  it('the permission table: no scope for a role or capability it does not name', () => {
    for (const name of INHERITED) {
      expect(scopeOf(name as TRole, 'clients.administer')).toBeUndefined();
      expect(scopeOf('SUPERADMIN', name as TCapability)).toBeUndefined();
    }
    expect(scopeOf('COORDINATOR', 'clients.administer')).toBeUndefined();
    expect(scopeOf('SUPERADMIN', 'clients.administer')).toBe('all');
  });

  it('role ranks: a name that is no role ranks below every role', () => {
    for (const name of INHERITED) expect(rankOf(name)).toBe(-1);
    expect(isHigherRank('ADMIN', 'COORDINATOR')).toBe(true);
    expect(isHigherRank('constructor' as TRole, 'PARTICIPANT')).toBe(false);
  });

  it('the import: a gender cell with an inherited name is invalid, not a function', () => {
    for (const name of INHERITED) expect(parseGender(name).ok).toBe(false);
    expect(parseGender('weiblich')).toEqual(parseGender('female'));
  });
});

describe('freezeIntrinsics', () => {
  it('freezes the three prototypes: nothing can be added or changed there, and an own toString still can be', () => {
    freezeIntrinsics();
    expect(intrinsicsFrozen()).toBe(true);
    const proto = Object.prototype as unknown as Record<string, unknown>;
    expect(() => {
      proto.COORDINATOR = 'all';
    }).toThrow(TypeError);
    expect(() => {
      proto.toString = () => 'x';
    }).toThrow(TypeError);
    expect(() => {
      (Array.prototype as unknown as Record<string, unknown>).polluted = 1;
    }).toThrow(TypeError);
    expect(() => {
      (Function.prototype as unknown as Record<string, unknown>).polluted = 1;
    }).toThrow(TypeError);
    expect(({} as Record<string, unknown>).COORDINATOR).toBeUndefined();
    // The "override mistake" stays possible for objects of their own (libraries such as decimal.js do this).
    const made = Object.create(Object.prototype) as { toString: () => string };
    made.toString = () => 'mine';
    expect(String(made)).toBe('mine');
    expect(Object.prototype.toString.call({})).toBe('[object Object]');
    const list = [1, 2] as unknown as { toString: () => string };
    list.toString = () => 'a list';
    expect(`${String(list)} ${String([1, 2])}`).toBe('a list 1,2');
  });
});
