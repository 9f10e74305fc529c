import { ROLES, type TRole } from '@lms/contracts/roles';
import { mayOpenPath } from '@lms/contracts/permissions';
import { describe, expect, it } from 'vitest';
import { activeMenuPath, menuEntriesFor, type MenuEntry } from './menu-entries';

const keys = (role: TRole) => menuEntriesFor({ role, clientId: 'c1' }).map((e) => e.key);
const flatten = (entries: MenuEntry[]): MenuEntry[] => entries.flatMap((e) => [e, ...flatten(e.children ?? [])]);

describe('the menu by role (spec section 2, PERMISSIONS.md "Routes")', () => {
  it('gives a participant courses, downloads, messages, contact persons, help and change password only', () => {
    expect(keys('PARTICIPANT')).toEqual(['courses', 'downloads', 'messages', 'contacts', 'help', 'changePassword']);
  });

  it('adds coordination for coordinators, administration for content masters and admins, the client overview for resellers', () => {
    expect(keys('COORDINATOR')).toEqual([
      'overview',
      'downloads',
      'messages',
      'contacts',
      'help',
      'coordination',
      'reports',
      'changePassword',
    ]);
    expect(keys('CONTENT_MASTER')).toEqual([
      'overview',
      'downloads',
      'messages',
      'contacts',
      'help',
      'administration',
      'changePassword',
    ]);
    expect(keys('ADMIN')).toEqual([
      'overview',
      'downloads',
      'messages',
      'contacts',
      'help',
      'coordination',
      'reports',
      'administration',
      'changePassword',
    ]);
    const adminChildren = menuEntriesFor({ role: 'ADMIN', clientId: 'c1' }).find((e) => e.key === 'administration');
    expect(adminChildren?.children?.map((e) => e.to)).toContain('/reseller/clients/c1/smtp');
    expect(adminChildren?.to).toBe('/reseller/clients/c1');
    expect(keys('RESELLER')).toContain('clientOverview');
    // Issue 31 point 2: the reports for whoever reads them, not for a content master.
    for (const role of ['RESELLER', 'RESELLER_COORDINATOR', 'SUPERADMIN'] as const)
      expect(keys(role)).toContain('reports');
    expect(keys('SUPERADMIN')).toContain('clientOverview');
  });

  it('lists only paths the role may open', () => {
    for (const role of ROLES)
      for (const entry of flatten(menuEntriesFor({ role, clientId: 'c1' })))
        expect(mayOpenPath(role, entry.to), `${role} ${entry.to}`).toBe(true);
  });

  it('marks one entry as the current page: the longest path that the location starts with', () => {
    const admin = menuEntriesFor({ role: 'ADMIN', clientId: 'c1' });
    expect(activeMenuPath(admin, '/reseller/clients/c1/smtp')).toBe('/reseller/clients/c1/smtp');
    expect(activeMenuPath(admin, '/reseller/clients/c1')).toBe('/reseller/clients/c1');
    expect(activeMenuPath(admin, '/content/courses/x/modules')).toBe('/content/courses');
    expect(activeMenuPath(admin, '/')).toBe('/');
    expect(activeMenuPath(admin, '/training/t1/module/m1')).toBe('/');
    expect(activeMenuPath(admin, '/nowhere')).toBeUndefined();
  });
});
