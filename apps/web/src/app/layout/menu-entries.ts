import type { TCurrentUser } from '@lms/contracts/auth';
import { can } from '@lms/contracts/permissions';

/**
 * The menu of spec section 2 (courses, downloads, help, coordination, administration, client overview, change
 * password; "courses" is labelled "Meine Schulungen", for staff "Übersicht"), each entry shown by the permission table (PERMISSIONS.md "Routes": absent from the menu when the
 * role may not open it).
 */
export interface MenuEntry {
  key: string;
  to: string;
  children?: MenuEntry[];
}

/** What the menu learns from the server beyond the user: whether the client sells premium (issue 32 point 14). */
export interface MenuContext {
  premium?: boolean;
}

export function menuEntriesFor(user: Pick<TCurrentUser, 'role' | 'clientId'>, context: MenuContext = {}): MenuEntry[] {
  const { role } = user;
  // "/" is a participant's trainings or a staff member's overview (app/pages/home-page.tsx): the entry says which
  // (issue 32 point 8: "Kurse" opened "Meine Schulungen" or "Übersicht").
  const entries: MenuEntry[] = [
    { key: can(role, 'home.figures') ? 'overview' : 'courses', to: '/' },
    { key: 'downloads', to: '/documents' },
    { key: 'messages', to: '/messages' },
    { key: 'contacts', to: '/contacts' },
    { key: 'help', to: '/faq' },
  ];
  // Premium and its invoices: a subscriber finds them again (issue 32 point 14: they had no entry at all).
  if (context.premium && can(role, 'learner.use'))
    entries.splice(1, 0, { key: 'premium', to: '/premium' }, { key: 'premiumInvoices', to: '/premium/invoices' });
  if (can(role, 'coordination.manage'))
    entries.push({
      key: 'coordination',
      to: '/coordination/users',
      children: [
        { key: 'coordinationUsers', to: '/coordination/users' },
        { key: 'coordinationGroups', to: '/coordination/groups' },
        { key: 'coordinationTrainings', to: '/coordination/trainings' },
        { key: 'allDocuments', to: '/documents/all' },
      ],
    });
  // Issue 31 point 2: the reports, for whoever reads them (a coordinator: their groups).
  if (can(role, 'reports.read'))
    entries.push({
      key: 'reports',
      to: '/reports',
      children: [
        { key: 'reportsCompliance', to: '/reports' },
        { key: 'reportsAttention', to: '/reports/attention' },
      ],
    });
  const admin: MenuEntry[] = [];
  if (can(role, 'content.manage'))
    admin.push(
      { key: 'contentCourses', to: '/content/courses' },
      { key: 'contentCertificateTemplates', to: '/content/certificate-template' },
      { key: 'contentMailTemplates', to: '/content/mail-template' },
      { key: 'contentMailQueue', to: '/content/mail-queue' },
    );
  // An ADMIN's "administration" opens their own client in the reseller screens (PERMISSIONS.md "Routes").
  if (can(role, 'clients.administer')) admin.push({ key: 'clientSettings', to: `/reseller/clients/${user.clientId}` });
  if (can(role, 'clients.smtpAndTokens'))
    admin.push({ key: 'clientSmtp', to: `/reseller/clients/${user.clientId}/smtp` });
  // "Administration" itself opens the own client's screens where the role has them (issue 11), else the first child.
  const adminHome = admin.find((e) => e.key === 'clientSettings') ?? admin[0];
  if (adminHome) entries.push({ key: 'administration', to: adminHome.to, children: admin });
  if (can(role, 'clients.overview')) entries.push({ key: 'clientOverview', to: '/reseller/clients' });
  entries.push({ key: 'changePassword', to: '/password-change-required' });
  return entries;
}

/** The learner's training pages belong to "/", the dashboard that lists the trainings. */
const matches = (pathname: string, to: string) =>
  to === '/' ? pathname === '/' || pathname.startsWith('/training/') : pathname === to || pathname.startsWith(`${to}/`);

/**
 * The one entry the current page belongs to: the longest `to` the path starts with, so /reseller/clients/{id}/smtp
 * marks "SMTP settings" and not "client settings" as well.
 */
export function activeMenuPath(entries: MenuEntry[], pathname: string): string | undefined {
  const all = entries.flatMap((e) => [e, ...(e.children ?? [])]);
  return all
    .map((e) => e.to)
    .filter((to) => matches(pathname, to))
    .sort((a, b) => b.length - a.length)[0];
}
