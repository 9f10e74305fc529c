import type { TRole } from './roles';

/**
 * PERMISSIONS.md as data. The server guards, the web menu and the web route guards read this table; nothing
 * else decides who may do what. A capability maps each role to the scope it holds ('own' < 'groups' < 'client'
 * < 'resold' < 'all'); a role that is missing has no access.
 */
export type TScope = 'own' | 'groups' | 'client' | 'client-read' | 'resold' | 'resold-read' | 'all';

export const CAPABILITIES = {
  'learner.use': {
    PARTICIPANT: 'own',
    COORDINATOR: 'own',
    CONTENT_MASTER: 'own',
    RESELLER_COORDINATOR: 'own',
    RESELLER: 'own',
    ADMIN: 'own',
    SUPERADMIN: 'own',
  },
  'coordination.manage': {
    COORDINATOR: 'groups',
    RESELLER_COORDINATOR: 'client',
    RESELLER: 'client',
    ADMIN: 'client',
    SUPERADMIN: 'all',
  },
  'users.create': {
    COORDINATOR: 'groups',
    RESELLER_COORDINATOR: 'client',
    RESELLER: 'client',
    ADMIN: 'client',
    SUPERADMIN: 'all',
  },
  'users.changeRole': { ADMIN: 'client', SUPERADMIN: 'all' },
  /** GDPR requests for another person (issue 30 point 4): export their data, erase them. A person's own: learner.use. */
  'users.gdpr': { ADMIN: 'client', SUPERADMIN: 'all' },
  'content.manage': { CONTENT_MASTER: 'client', ADMIN: 'client', SUPERADMIN: 'all' },
  /** The course list: content masters build courses, coordinators pick one for a training (spec section 2). */
  'courses.list': {
    COORDINATOR: 'client',
    CONTENT_MASTER: 'client',
    RESELLER_COORDINATOR: 'client',
    RESELLER: 'client',
    ADMIN: 'client',
    SUPERADMIN: 'all',
  },
  'clients.administer': {
    RESELLER_COORDINATOR: 'resold-read',
    RESELLER: 'resold',
    ADMIN: 'client',
    SUPERADMIN: 'all',
  },
  /**
   * A client's licence window (PERMISSIONS.md "licence window", issue 28 point 6): the platform active flag, start and
   * end dates, platform domain and invoice client id, read and written through the client form. They belong to
   * whoever sells the licence: 'all' writes them on every client, 'resold' on the clients its own client resells
   * (its own client's it reads: another sells that one), 'client-read' and 'resold-read' read them. The root client's
   * licence is sold by nobody: there its ADMIN and RESELLER write them (clients/client-licence.ts).
   */
  'clients.licence': {
    RESELLER_COORDINATOR: 'resold-read',
    RESELLER: 'resold',
    ADMIN: 'client-read',
    SUPERADMIN: 'all',
  },
  'clients.smtpAndTokens': { RESELLER: 'resold', ADMIN: 'client', SUPERADMIN: 'all' },
  'clients.create': { RESELLER: 'resold', SUPERADMIN: 'all' },
  /** A client's stored settings (audit retention, GDPR periods; issue 30 point 3): its ADMIN and the SUPERADMIN. */
  'clients.settings': { ADMIN: 'client', SUPERADMIN: 'all' },
  /** The audit trail of a client (issue 30 point 3): read, verify, export; nobody writes it but the server. */
  'audit.read': { ADMIN: 'client', SUPERADMIN: 'all' },
  'clients.overview': { RESELLER_COORDINATOR: 'resold-read', RESELLER: 'resold', SUPERADMIN: 'all' },
  'platform.texts': { SUPERADMIN: 'all' },
  /**
   * System messages (issue 14, DECISIONS "messages"): 'client' may address every user of the client or any group;
   * 'groups' only groups within the sender's coordination scope (a COORDINATOR's own groups).
   */
  'messages.system': {
    COORDINATOR: 'groups',
    RESELLER_COORDINATOR: 'groups',
    RESELLER: 'groups',
    ADMIN: 'client',
    SUPERADMIN: 'client',
  },
  /**
   * Reports (PERMISSIONS.md "reports"; issue 31): the learning record of a person and the reports area. A coordinator
   * their groups' users, an ADMIN the client's, the reseller roles their own and their resold clients' (read only).
   * A person's own record is learner.use (the account page).
   */
  'reports.read': {
    COORDINATOR: 'groups',
    RESELLER_COORDINATOR: 'resold-read',
    RESELLER: 'resold-read',
    ADMIN: 'client',
    SUPERADMIN: 'all',
  },
  /** Reminders sent from the reports' list, within the reminder rules: whoever reads the reports and is not a reseller. */
  'reports.remind': { COORDINATOR: 'groups', ADMIN: 'client', SUPERADMIN: 'client' },
  /** The staff home's figures (issue 12): each figure is further limited by the capability that shows its list. */
  'home.figures': {
    COORDINATOR: 'groups',
    CONTENT_MASTER: 'client',
    RESELLER_COORDINATOR: 'client',
    RESELLER: 'client',
    ADMIN: 'client',
    SUPERADMIN: 'all',
  },
} as const satisfies Record<string, Partial<Record<TRole, TScope>>>;

export type TCapability = keyof typeof CAPABILITIES;

/**
 * A role's scope for a capability, read from the table's own properties only: a role the table leaves out has no
 * access, whatever a polluted Object.prototype might hold under its name (issue 28 point 2).
 */
export function scopeOf(role: TRole, capability: TCapability): TScope | undefined {
  if (!Object.hasOwn(CAPABILITIES, capability)) return undefined;
  const roles: Partial<Record<TRole, TScope>> = CAPABILITIES[capability];
  return Object.hasOwn(roles, role) ? roles[role] : undefined;
}

export const can = (role: TRole, capability: TCapability): boolean => scopeOf(role, capability) !== undefined;

/** Route prefixes of the web app and the capability each needs (PERMISSIONS.md "Routes"). */
export const ROUTE_CAPABILITIES: ReadonlyArray<{ prefix: string; capability: TCapability }> = [
  { prefix: '/coordination', capability: 'coordination.manage' },
  { prefix: '/documents/all', capability: 'coordination.manage' },
  { prefix: '/content', capability: 'content.manage' },
  { prefix: '/reports', capability: 'reports.read' },
  { prefix: '/reseller/clients/', capability: 'clients.administer' },
  { prefix: '/reseller/clients', capability: 'clients.overview' },
];

export function capabilityForPath(path: string): TCapability | undefined {
  const smtpOrTokens = /^\/reseller\/clients\/[^/]+\/(smtp|tokens)(\/|$)/.test(path);
  if (smtpOrTokens) return 'clients.smtpAndTokens';
  if (/^\/reseller\/clients\/[^/]+\/audit(\/|$)/.test(path)) return 'audit.read';
  if (/^\/reseller\/clients\/[^/]+\/settings(\/|$)/.test(path)) return 'clients.settings';
  return ROUTE_CAPABILITIES.find(
    (r) => path === r.prefix || path.startsWith(r.prefix.endsWith('/') ? r.prefix : `${r.prefix}/`),
  )?.capability;
}

export const mayOpenPath = (role: TRole, path: string): boolean => {
  const capability = capabilityForPath(path);
  return capability === undefined || can(role, capability);
};
